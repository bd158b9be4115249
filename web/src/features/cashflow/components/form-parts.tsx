/** The dialogs' frame and fields, shared with the gift-card and layaway screens (one look for every action dialog). */
export { AmountField, FormAlert, currencyLabel, showFailure, typed, typedOrNull } from '../../gift-cards/components/form-parts';
export { CardActionDialog as ActionDialog, CardDialog, actionOutcome, closeAfter } from '../../gift-cards/components/card-action-dialog';
