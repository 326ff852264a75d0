import type { StandinFaults } from './octopus-faults';

// The Octopus stand-in's one account (GET /v1/accounts/{number}/): its key, numbers and meter serials,
// and the account's body as the faults shape it (a second serial after a swap, an export MPAN, a gas MPRN).

export const STANDIN_KEY = 'sk_test_standin0123456789';
export const STANDIN_ACCOUNT = 'A-12AB34CD';
export const IMPORT_MPAN = '1900001234567';
export const EXPORT_MPAN = '1900009876543';
export const GAS_MPRN = '8888777766';
export const SERIALS = {
  import: '21L0000001',
  swapped: '22L0000002',
  export: '21E0000003',
  gas: 'G4A0000004',
};

const meter = (serial: string) => ({
  serial_number: serial,
  registers: [{ identifier: '1', rate: 'STANDARD', is_settlement_register: true }],
});

export function accountBody(faults: StandinFaults) {
  const agreements = faults.agreements;
  const electricity = [
    {
      mpan: IMPORT_MPAN,
      profile_class: 1,
      consumption_standard: 2900,
      meters: [meter(SERIALS.import), ...(faults.swapAt === null ? [] : [meter(SERIALS.swapped)])],
      agreements,
      is_export: false,
    },
    ...(faults.exportMpan
      ? [
          {
            mpan: EXPORT_MPAN,
            profile_class: 1,
            consumption_standard: 0,
            meters: [meter(SERIALS.export)],
            agreements,
            is_export: true,
          },
        ]
      : []),
  ];
  return {
    number: STANDIN_ACCOUNT,
    properties: [
      // A home moved out of: its meters are not the account's now.
      {
        id: 1,
        moved_in_at: '2010-01-01T00:00:00Z',
        moved_out_at: '2013-12-31T00:00:00Z',
        address_line_1: '1 Old Road',
        town: 'Loughborough',
        postcode: 'LE11 1AA',
        electricity_meter_points: [
          { mpan: '1900000000000', meters: [meter('OLD0000000')], agreements, is_export: false },
        ],
        gas_meter_points: [],
      },
      {
        id: 2,
        moved_in_at: '2014-01-01T00:00:00Z',
        moved_out_at: null,
        address_line_1: '20 Refit Close',
        town: 'Loughborough',
        ...(faults.postcode === undefined ? {} : { postcode: faults.postcode }),
        electricity_meter_points: electricity,
        gas_meter_points: faults.gasMprn
          ? [
              {
                mprn: GAS_MPRN,
                consumption_standard: 12000,
                meters: [{ serial_number: SERIALS.gas }],
                agreements: faults.gasAgreements,
              },
            ]
          : [],
      },
    ],
  };
}
