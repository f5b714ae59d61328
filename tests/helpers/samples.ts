// Valid submissions that several tests send.
export const sampleEnrolment = {
  name: 'Ada',
  email: 'ada@example.org',
  phone: '+234 801 234 5678',
  gender: 'female',
  country: 'Nigeria',
  course: 'Data Analysis with Python',
};

export const sampleRegistration = {
  firstName: 'Ada',
  lastName: 'X',
  email: 'ada@example.org',
  event: 'baobab-data-hackathon-2023',
};
