import { z } from 'zod';
import {
  blankToUndefined,
  booleanField,
  fieldMessage,
  formObject,
  id,
  integer,
  optionalField,
  freeText,
} from '../form';

// §3 Appliance setting and the account appliance list; §7 /list_appliances/ and /appliance_settings/.

export const ApplianceSetting = z.object({
  appliance_type_id: z.number().int(),
  appliance_label: z.string(),
  appliance_icon: z.string(),
  show_appliance: z.boolean(),
  number_of_appliances: z.number().int().nonnegative(),
  available_icons: z.array(z.string()),
});
export type ApplianceSetting = z.infer<typeof ApplianceSetting>;

/** An appliance on /account/{level}/appliances, grouped into Showing and Hidden by show_appliance. */
export const ApplianceListItem = z.object({
  appliance_type_id: z.number().int(),
  name: z.string(),
  appliance_label: z.string(),
  appliance_icon: z.string(),
  show_appliance: z.boolean(),
  number_of_appliances: z.number().int().nonnegative(),
});
export type ApplianceListItem = z.infer<typeof ApplianceListItem>;

export const ListAppliancesResponse = z.object({ appliances: z.array(ApplianceListItem) });
export type ListAppliancesResponse = z.infer<typeof ListAppliancesResponse>;

export const ListAppliancesRequest = formObject({ user_id: id('user_id') });
export type ListAppliancesRequest = z.infer<typeof ListAppliancesRequest>;

export const ApplianceSettingsRequest = formObject({
  user_id: id('user_id'),
  appliance_type_id: id('appliance_type_id'),
});
export type ApplianceSettingsRequest = z.infer<typeof ApplianceSettingsRequest>;

export const APPLIANCE_COUNT_MAX = 50;
export const APPLIANCE_LABEL_MAX = 50;

/** Icon names are file-name-like keys; the server also checks the name is one of available_icons. */
const iconName = z.preprocess(
  blankToUndefined,
  z
    .string({ error: fieldMessage('appliance_icon', 'an icon name') })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'appliance_icon must be an icon name of letters, digits, - or _'),
);

/**
 * POST /appliance_settings/: label, icon and visibility only matter when the house has at least one;
 * a field left out keeps its value. Answers the updated ApplianceSetting.
 */
export const ApplianceSettingsWriteRequest = formObject({
  user_id: id('user_id'),
  appliance_type_id: id('appliance_type_id'),
  number_of_appliances: integer('number_of_appliances', 0, APPLIANCE_COUNT_MAX),
  appliance_label: optionalField(freeText('appliance_label', APPLIANCE_LABEL_MAX)),
  appliance_icon: optionalField(iconName),
  show_appliance: optionalField(booleanField('show_appliance')),
});
export type ApplianceSettingsWriteRequest = z.infer<typeof ApplianceSettingsWriteRequest>;
