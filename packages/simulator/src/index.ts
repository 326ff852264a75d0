// @homeview/simulator: deterministic synthetic UK homes (appliances, occupants, solar) for the demo
// and benchmarks. Pure functions of a seed; no I/O.

// The appliance catalogue is the domain's (@homeview/domain); the simulator draws homes that own it.
export type { OwnableKey } from './owned';
export { type ExactDay, simulateExactDay } from './day';
export { type HomeParams, resolveHome } from './home';
export { type DemoHomes, demoHomes, neighbourHomes, typicalHome } from './presets';
export { carryRound } from './rounding';
export {
  type ApplianceEvent,
  dayReadings,
  type MinuteReading,
  type SimulatedDay,
  type SimulationRange,
  simulateDays,
  simulateHome,
} from './simulate';
export { sunTimes } from './solar';
export {
  AGE_BANDS,
  type AgeBand,
  clockMinutes,
  type DateSpan,
  type HolidaySpec,
  type HomeSpec,
  householdSummary,
  type Occupant,
  PROPERTY_TYPES,
  type PropertyType,
  type RoutineDeparture,
  type RoutineItem,
  type RoutineSpec,
  WORK_PATTERNS,
  type WorkPattern,
} from './spec';
export { type LocalDay, localDay, localDayNumberOf } from './zone';
export { Rng } from './rng';
