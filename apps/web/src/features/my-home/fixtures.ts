import type { ApplianceEntry, EnergyDetail, Ranking } from '@homeview/contract/web';

// Canned answers for HomeView's screen tests (the stub API checks each against the contract's schemas).

export const DAY_START = Date.UTC(2024, 10, 5) / 1000; // Tuesday 5 November 2024, 00:00 UTC (= London)

export function appliance(overrides: Partial<ApplianceEntry> = {}): ApplianceEntry {
  return {
    name: 'Kettle',
    appliance_type_id: 1,
    icon: 'kettle',
    status: { state: 'off' },
    duration: { value: 6, unit: 'mins' },
    cost: 0.07,
    consumed: 0.24,
    ...overrides,
  };
}

export function energyView(overrides: Partial<EnergyDetail> = {}): EnergyDetail {
  return {
    subtitle: 'Today, Tuesday 5 November 2024',
    latest_updated: DAY_START + 12 * 3600,
    period: { time_unit: 'day', start_timestamp: DAY_START },
    balance: { income: 0.4, cost: 2.35, profit_loss: -1.95 },
    energy_balance: { generated: 1.2, consumed: 9.876 },
    currency_unit: '£',
    energy_unit: 'kWh',
    energy_unit_desc: 'kilowatt hours',
    details: Array.from({ length: 24 }, (_, h) => ({
      period: { start_timestamp: DAY_START + h * 3600 },
      balance: { income: 0.01, cost: 0.1, profit_loss: -0.09 },
      energy_balance: { generated: 0.05, consumed: h < 12 ? 0.412 : 0 },
      slots: 2,
      data_slots: h < 12 ? 2 : 0,
    })),
    available: [DAY_START, DAY_START - 86_400],
    previous: DAY_START - 86_400,
    next: null,
    used_appliances: [
      appliance({
        name: 'Washing machine',
        appliance_type_id: 7,
        icon: 'washing-machine',
        status: { state: 'on' },
        duration: { value: 20, unit: 'mins' },
        cost: 0.27,
      }),
    ],
    most_used_appliances: [
      appliance({
        name: 'Washing machine',
        appliance_type_id: 7,
        icon: 'washing-machine',
        status: { state: 'on' },
        duration: { value: 20, unit: 'mins' },
        cost: 0.27,
      }),
      appliance(),
    ],
    most_costly_appliances: [
      appliance({
        name: 'Fridge freezer',
        appliance_type_id: 10,
        icon: 'fridge',
        cost: 0.47,
        duration: { value: 1440, unit: 'mins' },
      }),
    ],
    ...overrides,
  };
}

export function ranking(overrides: Partial<Ranking> = {}): Ranking {
  return {
    period: { time_unit: 'week', start_timestamp: DAY_START - 86_400 },
    summary: 'You used 12% less than similar homes',
    cost: { you: 10.5, similar: 12.25, all: 13 },
    consumption: { you: 60.5, similar: 68.75, all: 70.125 },
    generation: null,
    currency_unit: '£',
    energy_unit: 'kWh',
    compared: { group: 'near_size', description: 'Semi Detached homes with 2 to 4 occupants', homes: 11 },
    ...overrides,
  };
}
