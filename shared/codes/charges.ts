// Charge code tables: booking-line concepts (concept_id) and extra fees (extra_id), transcribed from
// shared/spec/code-tables.md in document order.

export interface Concept {
  readonly id: number;
  readonly name: string;
}

export interface Extra {
  readonly id: number;
  readonly name: string;
}

export const CONCEPTS: readonly Concept[] = [
  { id: 1, name: 'Accommodation' },
  { id: 2, name: 'Real Accommodation' },
  { id: 3, name: 'Prepaid' },
  { id: 4, name: 'Taxi' },
  { id: 5, name: 'Tourist Tax' },
  { id: 6, name: "Owner's stay" },
  { id: 7, name: 'Cleaning' },
  { id: 8, name: 'Late Checkin' },
  { id: 9, name: 'Late Check Out' },
  { id: 10, name: 'Remaining payment' },
  { id: 11, name: 'Extras' },
  { id: 21, name: 'PAX Extra' },
  { id: 26, name: 'Various' },
  { id: 27, name: 'Return' },
  { id: 52, name: 'Service Fee' },
  { id: 53, name: 'Adult breakfast' },
  { id: 54, name: "Children's breakfast" },
  { id: 55, name: 'Single service fee' },
  { id: 56, name: 'Payment-provider service fee (type A)' },
  { id: 57, name: 'Discount' },
  { id: 58, name: 'OTA service fee' },
  { id: 59, name: 'TPV Commission' },
  { id: 60, name: 'Payment-provider commission (type A)' },
  { id: 61, name: 'Payment-provider commission (type B)' },
  { id: 100, name: 'Discount Code' },
  { id: 101, name: 'VAT' },
];

export const EXTRAS: readonly Extra[] = [
  { id: 5, name: 'Final Cleaning' },
  { id: 6, name: 'Cot' },
  { id: 7, name: 'Transfer Airport' },
  { id: 8, name: 'Extra Cleaning' },
  { id: 9, name: 'High Chair' },
  { id: 10, name: 'Transfer to Apartment' },
  { id: 1003, name: 'Environment Fee' },
  { id: 1004, name: 'Spa' },
  { id: 1005, name: 'Hot Springs' },
  { id: 1006, name: 'Municipality Fee' },
  { id: 1007, name: 'Residential Tax' },
  { id: 1008, name: 'Public Transit Day Ticket' },
  { id: 1009, name: 'Heritage charge' },
  { id: 1010, name: 'Sauna/fitness facilities tax' },
  { id: 1011, name: 'Local council tax' },
  { id: 1012, name: 'Cleaning' },
  { id: 1013, name: 'Towels' },
  { id: 1014, name: 'Electricity' },
  { id: 1015, name: 'Linens' },
  { id: 1016, name: 'Gas' },
  { id: 1017, name: 'Oil' },
  { id: 1018, name: 'Wood' },
  { id: 1019, name: 'Water' },
  { id: 1020, name: 'Transfer Fee' },
  { id: 1021, name: 'Clothing Package' },
  { id: 1022, name: 'Heating' },
  { id: 1023, name: 'Air Conditioner' },
  { id: 1024, name: 'Kitchen linen fee' },
  { id: 1026, name: 'Shuttle boat fee' },
  { id: 1027, name: 'Seaplane' },
  { id: 1028, name: 'Ski Pass' },
  { id: 1029, name: 'Wristband' },
  { id: 1030, name: 'Visa support fee' },
  { id: 1031, name: 'Water park fee' },
  { id: 1032, name: 'Club card fee' },
  { id: 1033, name: 'Conservation fee' },
  { id: 1036, name: 'City Tax' },
  { id: 1037, name: 'Resort fee' },
  { id: 1038, name: 'Tax' },
  { id: 1040, name: 'Tourism fee' },
  { id: 1043, name: 'Government tax' },
  { id: 1044, name: 'Destination fee' },
  { id: 1045, name: 'Internet' },
  { id: 1046, name: 'Parking' },
  { id: 1047, name: 'Breakfast' },
  { id: 1048, name: 'Lunch' },
  { id: 1049, name: 'Dinner' },
  { id: 2000, name: 'Charge service' },
];
