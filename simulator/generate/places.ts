// Where the simulated business operates: Spanish holiday destinations with
// their province (state code), towns, postcodes, coordinates, tourist-licence
// formats and tourist tax. Real places, invented addresses.

export interface Town {
  name: string;
  zip: string;
  lat: number;
  lng: number;
}

export interface Place {
  name: { es: string; en: string };
  state: number;
  /** Tourist tax per person and night (euros). */
  tax: number;
  license: (n: number) => string;
  towns: Town[];
  streets: string[];
}

const pad = (n: number, w: number) => String(n).padStart(w, '0');

export const PLACES: Place[] = [
  {
    name: { es: 'Barcelona', en: 'Barcelona' },
    state: 9,
    tax: 5.5,
    license: (n) => `HUTB-${pad(n % 1_000_000, 6)}`,
    towns: [
      { name: 'Barcelona', zip: '08002', lat: 41.3829, lng: 2.1774 },
      { name: 'Barcelona', zip: '08012', lat: 41.4036, lng: 2.1561 },
      { name: 'Sitges', zip: '08870', lat: 41.2371, lng: 1.8059 },
    ],
    streets: ['Carrer de Verdi', 'Carrer del Rec', 'Passeig de Sant Joan', 'Carrer de Mallorca', 'Rambla de Catalunya'],
  },
  {
    name: { es: 'Costa del Sol', en: 'Costa del Sol' },
    state: 33,
    tax: 0,
    license: (n) => `VFT/MA/${pad(n % 100_000, 5)}`,
    towns: [
      { name: 'Málaga', zip: '29015', lat: 36.7213, lng: -4.4214 },
      { name: 'Marbella', zip: '29601', lat: 36.5101, lng: -4.8825 },
      { name: 'Nerja', zip: '29780', lat: 36.7456, lng: -3.8781 },
    ],
    streets: ['Calle Larios', 'Paseo Marítimo', 'Calle Pintada', 'Avenida del Mar', 'Calle Carretería'],
  },
  {
    name: { es: 'Valencia', en: 'Valencia' },
    state: 49,
    tax: 1,
    license: (n) => `VT-${pad(n % 1_000_000, 6)}-V`,
    towns: [
      { name: 'València', zip: '46001', lat: 39.4699, lng: -0.3763 },
      { name: 'València', zip: '46011', lat: 39.4697, lng: -0.3266 },
    ],
    streets: ['Carrer de Cavallers', 'Carrer de la Reina', 'Gran Via del Marqués del Túria', 'Carrer de Russafa'],
  },
  {
    name: { es: 'Mallorca', en: 'Majorca' },
    state: 26,
    tax: 2.2,
    license: (n) => `ETV/${pad(n % 10_000, 4)}`,
    towns: [
      { name: 'Palma', zip: '07001', lat: 39.5696, lng: 2.6502 },
      { name: 'Pollença', zip: '07460', lat: 39.8769, lng: 3.0167 },
      { name: 'Sóller', zip: '07100', lat: 39.7668, lng: 2.7153 },
    ],
    streets: ['Carrer de Sant Miquel', 'Passeig del Born', 'Camí de Ternelles', 'Carrer de la Lluna'],
  },
  {
    name: { es: 'Costa Blanca', en: 'Costa Blanca' },
    state: 4,
    tax: 0,
    license: (n) => `VT-${pad(n % 1_000_000, 6)}-A`,
    towns: [
      { name: 'Benidorm', zip: '03501', lat: 38.5411, lng: -0.1225 },
      { name: 'Dénia', zip: '03700', lat: 38.8408, lng: 0.1057 },
      { name: 'Alicante', zip: '03002', lat: 38.3452, lng: -0.481 },
    ],
    streets: ['Avenida del Mediterráneo', 'Calle Marqués de Campo', 'Explanada de España', 'Calle Gerona'],
  },
  {
    name: { es: 'Tenerife Sur', en: 'South Tenerife' },
    state: 42,
    tax: 0,
    license: (n) => `VV-38-4-${pad(n % 10_000_000, 7)}`,
    towns: [
      { name: 'Adeje', zip: '38670', lat: 28.1227, lng: -16.726 },
      { name: 'Arona', zip: '38640', lat: 28.0996, lng: -16.681 },
    ],
    streets: ['Avenida de España', 'Calle Londres', 'Avenida Rafael Puig Lluvina', 'Calle Noelia Afonso'],
  },
  {
    name: { es: 'Sevilla', en: 'Seville' },
    state: 44,
    tax: 0,
    license: (n) => `VFT/SE/${pad(n % 100_000, 5)}`,
    towns: [{ name: 'Sevilla', zip: '41004', lat: 37.3891, lng: -5.9845 }],
    streets: ['Calle Sierpes', 'Calle Betis', 'Calle Feria', 'Calle Mateos Gago'],
  },
  {
    name: { es: 'Ibiza', en: 'Ibiza' },
    state: 26,
    tax: 4.4,
    license: (n) => `ET-${pad(n % 10_000, 4)}-E`,
    towns: [
      { name: 'Eivissa', zip: '07800', lat: 38.9067, lng: 1.4206 },
      { name: 'Sant Antoni de Portmany', zip: '07820', lat: 38.9806, lng: 1.3036 },
    ],
    streets: ['Carrer de la Verge', 'Passeig de Vara de Rey', 'Carrer de Santa Agnès'],
  },
  {
    name: { es: 'Gran Canaria', en: 'Gran Canaria' },
    state: 28,
    tax: 0,
    license: (n) => `VV-35-1-${pad(n % 10_000_000, 7)}`,
    towns: [
      { name: 'Maspalomas', zip: '35100', lat: 27.7606, lng: -15.586 },
      { name: 'Las Palmas de Gran Canaria', zip: '35007', lat: 28.1235, lng: -15.4363 },
    ],
    streets: ['Avenida de Tirajana', 'Calle Sagasta', 'Paseo de Las Canteras'],
  },
  {
    name: { es: 'Donostia', en: 'San Sebastián' },
    state: 23,
    tax: 0,
    license: (n) => `ESS${pad(n % 100_000, 5)}`,
    towns: [{ name: 'Donostia / San Sebastián', zip: '20003', lat: 43.3183, lng: -1.9812 }],
    streets: ['Calle 31 de Agosto', 'Calle San Martín', 'Paseo de la Concha'],
  },
  {
    name: { es: 'Madrid', en: 'Madrid' },
    state: 32,
    tax: 0,
    license: (n) => `VT-${pad(n % 10_000, 4)}`,
    towns: [{ name: 'Madrid', zip: '28012', lat: 40.4168, lng: -3.7038 }],
    streets: ['Calle de Lavapiés', 'Calle de Atocha', 'Calle del Pez', 'Calle de Embajadores'],
  },
  {
    name: { es: 'Granada', en: 'Granada' },
    state: 21,
    tax: 0,
    license: (n) => `VFT/GR/${pad(n % 100_000, 5)}`,
    towns: [{ name: 'Granada', zip: '18010', lat: 37.1773, lng: -3.5986 }],
    streets: ['Carrera del Darro', 'Calle Elvira', 'Cuesta de Gomérez'],
  },
  {
    name: { es: 'Costa Brava', en: 'Costa Brava' },
    state: 20,
    tax: 1,
    license: (n) => `HUTG-${pad(n % 1_000_000, 6)}`,
    towns: [
      { name: 'Lloret de Mar', zip: '17310', lat: 41.6999, lng: 2.8458 },
      { name: 'Cadaqués', zip: '17488', lat: 42.2888, lng: 3.2779 },
    ],
    streets: ['Carrer de la Riera', 'Passeig Marítim', 'Carrer des Call'],
  },
  {
    name: { es: 'Cádiz', en: 'Cádiz' },
    state: 13,
    tax: 0,
    license: (n) => `VFT/CA/${pad(n % 100_000, 5)}`,
    towns: [
      { name: 'Tarifa', zip: '11380', lat: 36.0143, lng: -5.6044 },
      { name: 'Conil de la Frontera', zip: '11140', lat: 36.2768, lng: -6.0886 },
    ],
    streets: ['Calle Sancho IV el Bravo', 'Calle Batalla del Salado', 'Avenida de la Playa'],
  },
];
