// Projects (docs/product.md §3): a list for cards and carousels, and a detail list where the detail of the
// project with id N is entry N - 1. Detail sections are HTML, sanitised when rendered.
// A project's URL is /projects/{slug}-{id}.
export const projectList = [
  {
    id: 1,
    title: 'Water Point Watch',
    summary:
      'A community-run map of public water points in Lagos that shows which ones work today, built from residents’ text-message reports.',
    problem:
      'Families lose hours walking to boreholes and taps that turn out to be broken, and repair crews learn about failures weeks late.',
    img: '/images/projects/water-point-watch.svg',
    archived: false,
  },
] as const;

export const projectDetails = [
  {
    title: 'Water Point Watch',
    summary:
      'A community-run map of public water points in Lagos that shows which ones work today, built from residents’ text-message reports.',
    img: '/images/projects/water-point-watch.svg',
    desc: '<p>Water Point Watch began at a community meeting in Ajegunle, where residents described walking from one broken tap to the next. Our fellows asked a simple question: <strong>what if everyone who found a broken water point could tell everyone else?</strong></p><p>The project combines short text-message reports, a small open database and a map that works on basic phones.</p>',
    problem:
      '<p>Public water points fail often and quietly. Nobody keeps an up-to-date list of which ones work, so:</p><ul><li>residents waste time and money searching for water;</li><li>repair teams rely on complaints that arrive late or never;</li><li>planners cannot see which neighbourhoods are worst served.</li></ul>',
    objective:
      '<ul><li>Collect at least 500 verified reports about water points in the first six months.</li><li>Publish a map that loads in under five seconds on a 2G connection.</li><li>Share a monthly summary with the local water authority.</li></ul>',
    solution:
      '<p>Residents send a short coded message, such as <em>WP 214 BROKEN</em>, to a free number. Messages are checked against the last reports from nearby, stored, and shown on a lightweight map and in a weekly printed notice posted at community centres.</p><p>All cleaned data is published under an open licence so journalists and researchers can use it too.</p>',
    target:
      '<p>Residents of informal settlements in Lagos State first, then any city whose community groups want to run their own copy. The tools are free and the guide is written for volunteers without a technical background.</p>',
    team: [
      { name: 'Adaeze Okafor', title: 'Project lead', link: 'https://www.linkedin.com/in/adaeze-okafor-example' },
      { name: 'Kwame Mensah', title: 'Data engineer', link: 'https://www.linkedin.com/in/kwame-mensah-example' },
      { name: 'Fatou Diallo', title: 'Data analyst', link: 'https://www.linkedin.com/in/fatou-diallo-example' },
      { name: 'Tendai Moyo', title: 'GIS specialist', link: 'https://www.linkedin.com/in/tendai-moyo-example' },
      { name: 'Amina Yusuf', title: 'Community coordinator', link: 'https://www.linkedin.com/in/amina-yusuf-example' },
      { name: 'Brian Otieno', title: 'Software developer', link: 'https://www.linkedin.com/in/brian-otieno-example' },
      { name: 'Nadia Benali', title: 'Research fellow', link: 'https://www.linkedin.com/in/nadia-benali-example' },
    ],
    project_link: 'https://github.com/baobabdata/water-point-watch',
  },
] as const;
