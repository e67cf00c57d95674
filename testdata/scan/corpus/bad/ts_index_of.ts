// expect: S001
export function known(list: string[], url: string): boolean {
  return list.indexOf(url) !== -1;
}
