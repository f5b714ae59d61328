import type { Lang } from '@/lib/i18n';
import { formUi } from '@/messages/forms';

import { EnrolmentFormClient, type EnrolmentFormProps } from './enrolment-form-client';

// Rendered on the server: the form gets its own texts in its page's language (messages/forms), so a
// page carries neither the other language nor the other forms' texts.
const enrolmentText = (lang: Lang) =>
  formUi(
    lang,
    'enrol',
    ['fullName', 'email', 'phone', 'gender', 'country'] as const,
    ['choose', 'phoneHint', 'genders'] as const,
  );

export function EnrolmentForm(props: EnrolmentFormProps) {
  return <EnrolmentFormClient {...props} text={enrolmentText(props.lang)} />;
}
