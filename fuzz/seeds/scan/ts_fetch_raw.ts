// expect: S007
export const tagPage = (tag: string) => fetch('/tag/' + tag + '/');
