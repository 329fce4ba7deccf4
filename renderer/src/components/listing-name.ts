// Where a listing's name splits for shortening: what tells near-twins apart
// is kept whole at the end — a multi-unit's room after its " · "
// ("Aparthotel Los Naranjos", " · Estudio") or a last word that numbers the
// unit ("… Bahía", " 3B"); other names are all head. Used by ListingName and
// the board's two-line listing cell.
export function splitListingName(name: string): [head: string, tail: string] {
  const dot = name.lastIndexOf(' · ');
  if (dot > 0 && name.length - dot <= 18) return [name.slice(0, dot), name.slice(dot)];
  const at = name.trimEnd().lastIndexOf(' ');
  const last = name.slice(at + 1);
  return at > 0 && last.length <= 5 && /\d/.test(last) ? [name.slice(0, at), name.slice(at)] : [name, ''];
}
