/**
 * Audit summaries of the platform: accounts, sign-in, organizations and their members,
 * invitations, API keys, onboarding, files, the audit log itself and the request pipeline.
 *
 * The English templates keep the sentences the server wrote before narratives, so API clients
 * and exports read the same text as before. The Arabic ones put the verb first, as Arabic does,
 * and use the app's own words ("مؤسسة", "مفتاح API", "مسؤول المنصة"). Counts go after a colon
 * ("…: 3") so no template has to agree a noun with a number.
 */
export const AUDIT_PLATFORM_NARRATIVES = {
  // accounts
  'audit.user.signed_up': { en: '{email} signed up', ar: 'أنشأ {email} حسابًا' },
  'audit.user.created': { en: 'Created user {email}', ar: 'أُنشئ المستخدم {email}' },
  'audit.user.created_superuser': { en: 'Created user {email} (superuser)', ar: 'أُنشئ المستخدم {email} (مسؤول المنصة)' },
  'audit.user.updated': { en: 'Updated user {email}', ar: 'عُدّل المستخدم {email}' },
  'audit.user.deleted': { en: 'Deleted user {email}', ar: 'حُذف المستخدم {email}' },
  'audit.user.profile_updated': { en: '{email} updated their profile', ar: 'عدّل {email} ملفه الشخصي' },
  'audit.user.account_deleted': { en: '{email} deleted their account', ar: 'حذف {email} حسابه' },
  'audit.user.password_changed': { en: '{email} changed their password', ar: 'غيّر {email} كلمة المرور' },
  'audit.user.verification_sent': { en: 'Verification code sent to {email}', ar: 'أُرسل رمز التحقق إلى {email}' },
  'audit.user.verified_by_code': { en: '{email} verified by code', ar: 'تحقّق {email} من بريده الإلكتروني بالرمز' },
  'audit.user.verified_by_link': { en: '{email} verified by link', ar: 'تحقّق {email} من بريده الإلكتروني بالرابط' },

  // sign-in and passwords
  'audit.auth.signed_in': { en: '{email} signed in', ar: 'سجّل {email} الدخول' },
  'audit.auth.signed_out': { en: '{email} signed out', ar: 'سجّل {email} الخروج' },
  'audit.auth.sign_in_failed': {
    en: 'Failed sign-in for {email} ({failures} in {minutes} min)',
    ar: 'فشل تسجيل دخول {email} (المحاولات: {failures} خلال {minutes} دقيقة)',
  },
  'audit.auth.sign_in_failed_locked': {
    en: 'Failed sign-in for {email} ({failures} in {minutes} min); further attempts refused for the rest of the window',
    ar: 'فشل تسجيل دخول {email} (المحاولات: {failures} خلال {minutes} دقيقة)؛ تُرفض المحاولات التالية حتى نهاية المدة',
  },
  'audit.auth.password_reset_sent': { en: 'Password reset link sent to {email}', ar: 'أُرسل رابط إعادة تعيين كلمة المرور إلى {email}' },
  'audit.auth.password_reset_viewed': {
    en: 'Password reset link for {email} generated for a superuser',
    ar: 'أُنشئ رابط إعادة تعيين كلمة المرور لـ {email} لمسؤول المنصة',
  },
  'audit.auth.password_reset': { en: '{email} reset their password', ar: 'أعاد {email} تعيين كلمة المرور' },

  // organizations
  'audit.organization.created': { en: 'Organization "{name}" created', ar: 'أُنشئت المؤسسة «{name}»' },
  'audit.organization.created_in_onboarding': { en: 'Organization "{name}" created during onboarding', ar: 'أُنشئت المؤسسة «{name}» أثناء الإعداد' },
  'audit.organization.renamed': { en: 'Organization renamed from "{from}" to "{to}"', ar: 'غُيّر اسم المؤسسة من «{from}» إلى «{to}»' },
  'audit.organization.updated': { en: 'Organization "{name}" updated ({fields})', ar: 'عُدّلت المؤسسة «{name}» ({fields})' },
  'audit.organization.deleted': { en: 'Organization "{name}" deleted', ar: 'حُذفت المؤسسة «{name}»' },

  // members
  'audit.member.added': { en: '{email} added as {role:term}', ar: 'أُضيف {email} بدور {role:term}' },
  'audit.member.role_changed': { en: '{email} is now {role:term}', ar: 'أصبح دور {email}: {role:term}' },
  'audit.member.removed': { en: 'Member {user} ({role:term}) removed', ar: 'أُزيل العضو {user} ({role:term})' },
  'audit.member.left': { en: '{email} ({role:term}) left the organization', ar: 'غادر {email} ({role:term}) المؤسسة' },

  // invitations
  'audit.invitation.created': { en: '{email} invited as {role:term}', ar: 'دُعي {email} بدور {role:term}' },
  'audit.invitation.updated': { en: 'Invitation of {email} updated', ar: 'عُدّلت دعوة {email}' },
  'audit.invitation.resent': { en: 'Invitation of {email} sent again (valid until {expires_at})', ar: 'أُعيد إرسال دعوة {email} (صالحة حتى {expires_at})' },
  'audit.invitation.cancelled': { en: 'Invitation of {email} cancelled', ar: 'أُلغيت دعوة {email}' },
  'audit.invitation.cleanup': { en: '{count} expired invitation(s) marked expired', ar: 'دعوات انتهت صلاحيتها وعُلّمت منتهية: {count}' },
  'audit.invitation.accepted': { en: '{email} joined as {role:term} by invitation', ar: 'انضم {email} بدور {role:term} عبر دعوة' },

  // API keys
  'audit.api_key.created': { en: 'API key "{name}" ({prefix}, {role:term}) created', ar: 'أُنشئ مفتاح API «{name}» ({prefix}، {role:term})' },
  'audit.api_key.updated': { en: 'API key "{name}" ({prefix}) updated', ar: 'عُدّل مفتاح API «{name}» ({prefix})' },
  'audit.api_key.deactivated': { en: 'API key "{name}" ({prefix}) deactivated', ar: 'عُطّل مفتاح API «{name}» ({prefix})' },
  'audit.api_key.reactivated': { en: 'API key "{name}" ({prefix}) reactivated', ar: 'أُعيد تفعيل مفتاح API «{name}» ({prefix})' },
  'audit.api_key.deleted': { en: 'API key "{name}" ({prefix}) deleted', ar: 'حُذف مفتاح API «{name}» ({prefix})' },
  'audit.api_key.expired_removed': { en: 'Expired API key "{name}" ({prefix}) removed', ar: 'أُزيل مفتاح API منتهي الصلاحية «{name}» ({prefix})' },
  'audit.api_key.cleanup': { en: 'Removed {count} expired API keys', ar: 'مفاتيح API منتهية الصلاحية أُزيلت: {count}' },

  // onboarding
  'audit.onboarding.step_completed': { en: 'Onboarding step {step:term} completed', ar: 'اكتملت خطوة الإعداد «{step:term}»' },
  'audit.onboarding.step_completed_invited': {
    en: 'Onboarding step {step:term} completed ({invited} invited)',
    ar: 'اكتملت خطوة الإعداد «{step:term}» (المدعوون: {invited})',
  },
  'audit.onboarding.step_saved': { en: 'Onboarding step {step:term} saved as draft', ar: 'حُفظت خطوة الإعداد «{step:term}» مسودة' },
  'audit.onboarding.step_saved_invited': {
    en: 'Onboarding step {step:term} saved as draft ({invited} invited)',
    ar: 'حُفظت خطوة الإعداد «{step:term}» مسودة (المدعوون: {invited})',
  },
  'audit.onboarding.step_skipped': { en: 'Onboarding step {step:term} skipped', ar: 'تُخطّيت خطوة الإعداد «{step:term}»' },
  'audit.onboarding.completed': { en: '{email} completed onboarding', ar: 'أكمل {email} إعداد المؤسسة' },

  // files
  'audit.file.uploaded': { en: 'File "{filename}" uploaded ({content_type}, {size} bytes)', ar: 'رُفع الملف «{filename}» ({content_type}، {size} بايت)' },
  'audit.file.updated': { en: 'File "{filename}" updated ({fields})', ar: 'عُدّل الملف «{filename}» ({fields})' },
  'audit.file.deleted': { en: 'File "{filename}" deleted', ar: 'حُذف الملف «{filename}»' },

  // the audit log and the request pipeline
  'audit.audit_log.cleanup': { en: 'Deleted {count} audit records dated before {cutoff}', ar: 'حُذفت سجلات التدقيق المؤرخة قبل {cutoff}: {count}' },
  'audit.idempotency.replayed': {
    en: 'Repeated {method} answered from its first result (Idempotency-Key), nothing changed',
    ar: 'أُجيب طلب {method} المكرر بنتيجته الأولى (Idempotency-Key) ولم يتغير شيء',
  },
  'audit.request': { en: '{method} {path}', ar: 'طلب {method} إلى {path}' },
} as const;
