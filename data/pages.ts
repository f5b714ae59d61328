// The words of each screen that are not a list of things. Legal pages are sections of paragraphs.
export const home = {
  whatWeDo:
    'We run short, practical courses and a 24-week fellowship, then put what people learn to work on open data projects chosen with the communities they serve. Learners become mentors, projects become case studies, and the circle grows.',
};

export const about = {
  whoWeAre:
    'Baobab Data is a community of educators, analysts and engineers from across Africa. We started in 2021 as a weekend study group in Lagos and grew into an academy and a home for social-impact data projects. Like the baobab, we aim to be rooted locally and to offer shade to many.',
  focus: [
    {
      title: 'Fellowship',
      figure: '24 weeks',
      text: 'A 24-week programme of guided learning, mentoring and a real project, for people ready to make data their career.',
    },
    {
      title: 'Projects',
      figure: 'Open',
      text: 'Social-impact projects scoped with communities and built in the open by mixed teams of fellows and volunteers.',
    },
    {
      title: 'Community',
      figure: 'Pan-African',
      text: 'Study groups, meet-ups and an online space where members share work, ask for help and find collaborators.',
    },
  ],
  whatWeDo:
    'We teach the skills employers and communities ask for: spreadsheets, SQL, Python, visualisation and machine learning, always with ethics alongside. Every course ends with something real to show, and the best work becomes part of a project that serves people beyond the classroom.',
};

export const projectsPage = {
  intro:
    'Our projects start with a question a community cares about and end with tools and open data they can keep using. Fellows and volunteers work in small teams, guided by mentors.',
};

export const academyPage = {
  intro:
    'Short, practical tracks taught by practitioners. Each one fits around a job or studies, works on a phone and ends with a project you can show. Start with the free ethics week, or go straight to the skill you need.',
  cohortLink: 'https://forms.baobabdata.org/join-a-cohort',
};

export const insightsPage = {
  intro: 'Articles, analyses and field notes written by members of the Baobab Data community.',
  submitText: 'Share what you have done with data',
};

export const contactPage = {
  intro: 'Questions about a course, a partnership or a project idea? Write to us and a member of the team will answer.',
  mapImg: '/images/contact/lagos-map.svg',
  mapAlt: 'Simplified map of Lagos Island showing the Baobab Data office near Broad Street',
};

export const terms = {
  updated: '1 November 2026',
  sections: [
    {
      heading: 'Using this site',
      paragraphs: [
        'This website is run by Baobab Data. By using it you agree to these terms. If you do not agree, please do not use the site.',
        'You may read, share and link to our pages for any lawful purpose. Do not try to disrupt the site, to send automated submissions, or to reach data that is not meant for you.',
      ],
    },
    {
      heading: 'Courses and payments',
      paragraphs: [
        'Enrolling through a course page reserves your place. A paid track is confirmed once the registration fee is received through the payment page we send you.',
        'If we cancel a course you will receive a full refund. If you cannot attend, write to us before the course starts and we will move you to a later cohort.',
      ],
    },
    {
      heading: 'Content you send us',
      paragraphs: [
        'When you send a message or a registration you confirm that the details are yours or that you may share them. We use them only as our privacy policy describes.',
      ],
    },
    {
      heading: 'Links to other sites',
      paragraphs: [
        'Insights, registration forms and payment pages may be hosted by others. Their own terms apply there, and we are not responsible for their content.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: ['We may update these terms. The date at the top shows the latest version.'],
    },
  ],
};

export const privacy = {
  updated: '22 November 2026',
  minimumAge: 13,
  // The services that process data for us, named on the page when the site is configured to use them.
  processors: {
    firestore: 'Google Cloud Firestore stores what you send us.',
    smtp: 'Our emails are delivered by {mailProvider}.',
    smtpUnnamed: 'Our emails are delivered by an email delivery service.',
    recaptcha:
      'Google reCAPTCHA checks that our forms are sent by people: when you send a form, it receives details of your browser and your use of the page.',
    mailchimp: 'Mailchimp keeps our newsletter list and sends the newsletter.',
  },
  sections: [
    {
      heading: 'What we collect',
      paragraphs: [
        'Only what you give us in a form: your name and email address, and for an enrolment or a registration also your phone number, gender, country, degree or occupation as the form asks. We record the date of each submission.',
        'We set a security cookie that protects our forms, and a cookie that remembers your cookie choice. If you do not refuse cookies, we may count visits with a privacy-friendly analytics tool.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To answer your message, to manage your place on a course, event or offer, and to send you the newsletter you asked for. We never sell your data.',
      ],
    },
    {
      heading: 'Who can see it',
      paragraphs: [
        'Our staff, and the services that store our data and deliver our email on our behalf, under contracts that protect it.',
        '{processors}',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Messages for {contactPeriod}, and course, event and offer registrations for {registrationPeriod} (for certificates); then we delete them.',
        'Newsletter addresses until you unsubscribe. A sign-up that is never confirmed, and an address that unsubscribed, is deleted after {newsletterInactivePeriod}.',
        'The emails we send you are emptied of their content {mailPeriod} after they are sent.',
        'Gifts: your email address, your name and message if you give them, the amount, currency and frequency, and what Paystack tells us of each payment (its reference, date and how it was paid, never your card). We keep them for {giftPeriod}, as accounting records, then delete them. Paystack, which takes the payment, keeps its own records under its privacy policy.',
      ],
    },
    {
      heading: 'Your choices',
      paragraphs: [
        'You can ask to see, correct or delete your data at any time by writing to us; we then delete every record and email about your address. Every newsletter has an unsubscribe link.',
      ],
    },
    {
      heading: 'Children',
      paragraphs: [
        'Our services are for people aged 13 and over. If you are under 13, please do not send us any personal information.',
      ],
    },
  ],
};
