import { formUi } from '@/lib/forms/texts';

import { EnrolmentFormClient, type EnrolmentFormProps } from './enrolment-form-client';

// Rendered on the server: the form gets its page's texts only (lib/forms/texts), not both languages.
export function EnrolmentForm(props: EnrolmentFormProps) {
  return <EnrolmentFormClient {...props} text={formUi(props.lang)} />;
}
