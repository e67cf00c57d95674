// expect: S001
export const Active = ({ href, current }: P) => (href === current.href ? <b /> : null);
