// Moved to src (the demo serves it too, DEMO_SUPPLIER): the tests import it from here as before.
export * from '../../src/features/demo/standins/octopus';
export * from '../../src/features/demo/standins/octopus-account';
export * from '../../src/features/demo/standins/octopus-faults';
export * from '../../src/features/demo/standins/octopus-series';
export * from '../../src/features/demo/standins/octopus-agile';
