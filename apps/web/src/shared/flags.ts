// Switches for screens other issues are building. A link to a screen that does not exist yet is hidden
// rather than leading to 'page not found'; the lead flips a switch when that screen lands on main.

/** /account and its pages (the Account issue): the dashboards' Account and Edit Appliance links. */
export const ACCOUNT_SCREENS = true;
