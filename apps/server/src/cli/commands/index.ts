import { createHouseCommand, createUser, linkDependantCommand, setPostcodeCommand } from './accounts';
import { apiKeyCommand } from './api-key';
import { addDeviceCommand, devicesCommand, removeDeviceCommand } from './devices';
import { connectSupplierCommand } from './suppliers';
import type { Command } from './types';

/** Every admin command; a new one is a Command object added here. */
export const commands: readonly Command[] = [
  createUser,
  createHouseCommand,
  linkDependantCommand,
  setPostcodeCommand,
  apiKeyCommand,
  addDeviceCommand,
  removeDeviceCommand,
  devicesCommand,
  connectSupplierCommand,
];
