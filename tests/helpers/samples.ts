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

// A site date before the seed's event and offer (SITE_TODAY in the browser tests): their registration
// is open. The seed keeps its 2023 dates, so on the real date they are over.
export const BEFORE_SEED_EVENT = '2023-03-01';
