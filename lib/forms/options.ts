// The choices the forms offer, with the labels visitors and staff read. Kept apart from the schemas
// so a form can render its options without loading zod (lib/forms/schemas.ts checks against these).
export const genders = ['male', 'female', 'others'] as const;
export const genderLabels: Record<(typeof genders)[number], string> = {
  male: 'Male',
  female: 'Female',
  others: 'Others',
};
export const degrees = ['high_school', 'bachelor', 'master', 'phd', 'others'] as const;
export const degreeLabels: Record<(typeof degrees)[number], string> = {
  high_school: 'High school',
  bachelor: "Bachelor's degree",
  master: "Master's degree",
  phd: 'PhD',
  others: 'Others',
};
