export interface StepProps {
  /** The wizard's buttons submit the step's form through this id. */
  formId: string;
  /** What was saved for this step before (resuming the wizard). */
  initialData: Record<string, unknown>;
  onValid: (data: Record<string, unknown>) => void;
}
