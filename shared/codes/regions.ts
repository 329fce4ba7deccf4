// Spanish regions (all country_id 73) and states (provinces, each in a region), transcribed from
// shared/spec/code-tables.md in document order. Names are kept exactly as written (e.g. 'A_Coruna').

import type { CodeEntry } from './entry';

export interface Region extends CodeEntry {
  readonly countryId: 73;
}

export interface State extends CodeEntry {
  readonly regionId: number;
}

export const REGIONS: readonly Region[] = [
  { id: 1, name: 'Andalucia', countryId: 73 },
  { id: 2, name: 'Aragon', countryId: 73 },
  { id: 3, name: 'Principado de Asturias', countryId: 73 },
  { id: 4, name: 'Illes Balears', countryId: 73 },
  { id: 5, name: 'Canarias', countryId: 73 },
  { id: 6, name: 'Cantabria', countryId: 73 },
  { id: 7, name: 'Castilla y Leon', countryId: 73 },
  { id: 8, name: 'Castilla-La Mancha', countryId: 73 },
  { id: 9, name: 'Cataluna', countryId: 73 },
  { id: 10, name: 'Comunitat Valenciana', countryId: 73 },
  { id: 11, name: 'Extremadura', countryId: 73 },
  { id: 12, name: 'Galicia', countryId: 73 },
  { id: 13, name: 'Comunidad de Madrid', countryId: 73 },
  { id: 14, name: 'Region de Murcia', countryId: 73 },
  { id: 15, name: 'Comunidad Foral de Navarra', countryId: 73 },
  { id: 16, name: 'Pais Vasco', countryId: 73 },
  { id: 17, name: 'La Rioja', countryId: 73 },
  { id: 18, name: 'Ciudad Autonoma de Ceuta', countryId: 73 },
  { id: 19, name: 'Ciudad Autonoma de Melilla', countryId: 73 },
];

export const STATES: readonly State[] = [
  { id: 1, name: 'A_Coruna', regionId: 12 },
  { id: 2, name: 'Alava', regionId: 16 },
  { id: 3, name: 'Albacete', regionId: 8 },
  { id: 4, name: 'Alicante', regionId: 10 },
  { id: 5, name: 'Almeria', regionId: 1 },
  { id: 6, name: 'Asturias', regionId: 3 },
  { id: 7, name: 'Avila', regionId: 7 },
  { id: 8, name: 'Badajoz', regionId: 11 },
  { id: 9, name: 'Barcelona', regionId: 9 },
  { id: 10, name: 'Bizkaia', regionId: 16 },
  { id: 11, name: 'Burgos', regionId: 7 },
  { id: 12, name: 'Caceres', regionId: 11 },
  { id: 13, name: 'Cadiz', regionId: 1 },
  { id: 14, name: 'Cantabria', regionId: 6 },
  { id: 15, name: 'Castellon', regionId: 10 },
  { id: 16, name: 'Ceuta', regionId: 18 },
  { id: 17, name: 'Ciudad Real', regionId: 8 },
  { id: 18, name: 'Cordoba', regionId: 1 },
  { id: 19, name: 'Cuenca', regionId: 8 },
  { id: 20, name: 'Girona', regionId: 9 },
  { id: 21, name: 'Granada', regionId: 1 },
  { id: 22, name: 'Guadalajara', regionId: 8 },
  { id: 23, name: 'Gipuzkoa', regionId: 16 },
  { id: 24, name: 'Huelva', regionId: 1 },
  { id: 25, name: 'Huesca', regionId: 2 },
  { id: 26, name: 'Baleares', regionId: 4 },
  { id: 27, name: 'Jaen', regionId: 1 },
  { id: 28, name: 'Las_Palmas', regionId: 5 },
  { id: 29, name: 'Leon', regionId: 7 },
  { id: 30, name: 'Lleida', regionId: 9 },
  { id: 31, name: 'Lugo', regionId: 12 },
  { id: 32, name: 'Madrid', regionId: 13 },
  { id: 33, name: 'Malaga', regionId: 1 },
  { id: 34, name: 'Melilla', regionId: 19 },
  { id: 35, name: 'Murcia', regionId: 14 },
  { id: 36, name: 'Navarra', regionId: 15 },
  { id: 37, name: 'Ourense', regionId: 12 },
  { id: 38, name: 'Palencia', regionId: 7 },
  { id: 39, name: 'Pontevedra', regionId: 12 },
  { id: 40, name: 'La_Rioja', regionId: 17 },
  { id: 41, name: 'Salamanca', regionId: 7 },
  { id: 42, name: 'Santa_Cruz_de_Tenerife', regionId: 5 },
  { id: 43, name: 'Segovia', regionId: 7 },
  { id: 44, name: 'Sevilla', regionId: 1 },
  { id: 45, name: 'Soria', regionId: 7 },
  { id: 46, name: 'Tarragona', regionId: 9 },
  { id: 47, name: 'Teruel', regionId: 2 },
  { id: 48, name: 'Toledo', regionId: 8 },
  { id: 49, name: 'Valencia', regionId: 10 },
  { id: 50, name: 'Valladolid', regionId: 7 },
  { id: 51, name: 'Zamora', regionId: 7 },
  { id: 52, name: 'Zaragoza', regionId: 2 },
];
