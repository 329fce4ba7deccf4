// Names, nationalities and documents for customers, guests, owners and staff:
// mostly Spanish and European travellers, as a Spanish holiday-rental business sees.
import type { Rng } from '../prng';

interface NameSet {
  first: { M: string[]; F: string[] };
  last: string[];
  /** Country ids (code tables) that use this name set, with their weight among customers. */
  countries: [number, number][];
  phone: string;
  lang: number;
}

export const NAME_SETS: NameSet[] = [
  {
    first: {
      M: ['Javier', 'Carlos', 'Manuel', 'David', 'Jordi', 'Pablo', 'Álvaro', 'Sergio', 'Íñigo', 'Marc'],
      F: ['María', 'Lucía', 'Carmen', 'Laura', 'Marta', 'Núria', 'Elena', 'Ainhoa', 'Paula', 'Cristina'],
    },
    last: ['García', 'Martínez', 'López', 'Sánchez', 'Pérez', 'Gómez', 'Fernández', 'Ruiz', 'Puig', 'Etxeberria'],
    countries: [[73, 36]],
    phone: '+34 6',
    lang: 1,
  },
  {
    first: {
      M: ['James', 'Oliver', 'Harry', 'Jack', 'Michael', 'Daniel', 'Thomas', 'Liam'],
      F: ['Emma', 'Olivia', 'Sophie', 'Charlotte', 'Emily', 'Grace', 'Hannah', 'Chloe'],
    },
    last: ['Smith', 'Jones', 'Taylor', 'Brown', 'Wilson', 'Evans', "O'Connor", 'Walsh', 'Miller', 'Davis'],
    countries: [
      [180, 12],
      [109, 3],
      [75, 4],
      [42, 1],
      [16, 1],
    ],
    phone: '+44 7',
    lang: 2,
  },
  {
    first: {
      M: ['Louis', 'Hugo', 'Julien', 'Mathieu', 'Antoine', 'Pierre'],
      F: ['Camille', 'Léa', 'Chloé', 'Manon', 'Juliette', 'Élodie'],
    },
    last: ['Martin', 'Bernard', 'Dubois', 'Lefèvre', 'Moreau', 'Laurent', 'Girard'],
    countries: [
      [82, 11],
      [24, 2],
      [208, 1],
    ],
    phone: '+33 6',
    lang: 3,
  },
  {
    first: {
      M: ['Lukas', 'Maximilian', 'Jonas', 'Felix', 'Stefan', 'Jan', 'Lars', 'Erik'],
      F: ['Anna', 'Lena', 'Sophie', 'Katharina', 'Ingrid', 'Sanne', 'Femke', 'Astrid'],
    },
    last: ['Müller', 'Schmidt', 'Schneider', 'Fischer', 'de Vries', 'Jansen', 'Andersson', 'Johansson'],
    countries: [
      [4, 10],
      [17, 1],
      [166, 5],
      [207, 2],
      [63, 1],
      [162, 1],
    ],
    phone: '+49 15',
    lang: 7,
  },
  {
    first: {
      M: ['Luca', 'Marco', 'Giovanni', 'João', 'Tiago', 'Piotr'],
      F: ['Giulia', 'Francesca', 'Chiara', 'Beatriz', 'Inês', 'Agnieszka'],
    },
    last: ['Rossi', 'Bianchi', 'Romano', 'Silva', 'Santos', 'Kowalski', 'Nowak'],
    countries: [
      [112, 6],
      [177, 3],
      [176, 2],
    ],
    phone: '+39 3',
    lang: 4,
  },
];

export interface Person {
  name: string;
  lastname: string;
  sex: 'M' | 'F';
  country: number;
  lang: number;
  phone: string;
}

const COUNTRY_WEIGHTS: [number, number][] = NAME_SETS.flatMap((s, i) =>
  s.countries.map(([c, w]) => [i * 1000 + c, w] as [number, number]),
);

export function person(rng: Rng): Person {
  const key = rng.weighted(COUNTRY_WEIGHTS);
  const set = NAME_SETS[Math.floor(key / 1000)]!;
  const sex = rng.chance(0.5) ? 'M' : 'F';
  const lastname = set.lang === 1 ? `${rng.pick(set.last)} ${rng.pick(set.last)}` : rng.pick(set.last);
  return {
    name: rng.pick(set.first[sex]),
    lastname,
    sex,
    country: key % 1000,
    lang: set.lang,
    phone: `${set.phone}${rng.int(10_000_000, 99_999_999)}`,
  };
}

/** Another member of the same household (same country and surname, any sex). */
export function companion(rng: Rng, of: Person): Person {
  const set = NAME_SETS.find((s) => s.lang === of.lang) ?? NAME_SETS[0]!;
  const sex = rng.chance(0.5) ? 'M' : 'F';
  return { ...of, sex, name: rng.pick(set.first[sex]) };
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A well-formed Spanish DNI (8 digits and the matching check letter). */
export function dni(rng: Rng): string {
  const n = rng.int(10_000_000, 99_999_999);
  return `${n}${DNI_LETTERS[n % 23]}`;
}

/** A passport-like number. */
export function passport(rng: Rng): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  return `${rng.pick([...letters])}${rng.pick([...letters])}${rng.int(1_000_000, 9_999_999)}`;
}

/** Email address on a reserved example domain (never a real mailbox). */
export function email(p: { name: string; lastname: string }, n: number): string {
  const clean = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
  const domain = ['example.com', 'example.org', 'example.net'][n % 3]!;
  return `${clean(p.name)}.${clean(p.lastname.split(' ')[0]!)}${n % 100}@${domain}`;
}
