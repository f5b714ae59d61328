// The founders (shown on About) and the advisory board (kept, but not rendered: docs/product.md §10).
export const founders = [
  {
    name: 'Chiamaka Eze',
    title: 'Co-founder and Executive Director',
    img: '/images/team/chiamaka-eze.svg',
    link: 'https://www.linkedin.com/in/chiamaka-eze-example',
  },
  {
    name: 'Yaw Boateng',
    title: 'Co-founder and Head of Academy',
    img: '/images/team/yaw-boateng.svg',
    link: 'https://www.linkedin.com/in/yaw-boateng-example',
  },
  {
    name: 'Zanele Dlamini',
    title: 'Co-founder and Head of Projects',
    img: '/images/team/zanele-dlamini.svg',
    link: 'https://www.linkedin.com/in/zanele-dlamini-example',
  },
  {
    name: 'Moussa Traoré',
    title: 'Co-founder and Community Lead',
    img: '/images/team/moussa-traore.svg',
    link: 'https://www.linkedin.com/in/moussa-traore-example',
  },
] as const;

export const advisoryBoard = [
  {
    name: 'Grace Wanjiru',
    title: 'Adviser, public health data',
    img: '/images/team/grace-wanjiru.svg',
    link: 'https://www.linkedin.com/in/grace-wanjiru-example',
  },
  {
    name: 'Olumide Adeyemi',
    title: 'Adviser, data engineering',
    img: '/images/team/olumide-adeyemi.svg',
    link: 'https://www.linkedin.com/in/olumide-adeyemi-example',
  },
] as const;
