// Every user-facing string of spec §5 and §8, verbatim. Server and web both import these, so a
// message is changed in one place and the tests compare against the same constant.
export const messages = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  loginFailed: 'Wrong username or password, please try again.',
  // Django's UnicodeUsernameValidator wording (security-reliability AUTH-13).
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
  usernameTooLong: 'Username must be at most 150 characters',

  currentPasswordRequired: 'Your current password is required',
  newPasswordRequired: 'Your new password is required',
  resetNewPasswordRequired: 'New password is required',
  needsSpecialCharacter: 'Your password must contain a special character.',
  entirelyNumeric: 'This password is entirely numeric. Please add at least 1 character.',
  tooShort: 'This password is too short. It must contain at least 8 characters.',
  needsLowercase: 'Your password must contain a lowercase letter.',
  needsUppercase: 'Your password must contain an uppercase letter.',
  confirmRequired: 'Type your new password.',
  resetConfirmRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Your new passwords do not match',
  sameAsCurrent: 'Your new and current password are the same',
  // Not in the spec: the input cap of security-reliability AUTH-08 (a password is never truncated).
  passwordTooLong: 'Your password must be at most 4096 bytes long.',
  currentPasswordIncorrect: 'Current password is not correct',
  newPasswordNeedsSpecial: 'Your new password must contain a special character',
  newPasswordSaved: 'New password saved',
  tokenExpired: 'Token expired, please reset your password again',
  forgotPasswordConfirmation: (email: string) =>
    `If your email is registered on our system, instructions on how to reset your password will be sent to ${email}. Please check your email and your Junk Mail folder for further instructions.`,

  alertChannelRequired:
    'Please select either email, sms, or both. During the trial you must have at least one option selected.',
  priceMustBeUnderOne: 'Price must be under 1',
  couldNotSaveRates: 'Could not save rates',
  standingChargeNotSaved: 'Standing charge could not be saved. Please try again',
  couldNotSavePreference: 'Could not save preference',
  noRatesWarning: 'No rates have been added. Saving now will apply the default rate.',

  ratesSaved: 'Rates saved. Go to Tariff home',
  standingChargeSaved: 'Standing charge saved',
  preferenceSaved: 'Preference saved',
  holidayModeSaved: 'Holiday mode saved',
  doNotDisturbSaved: 'Do Not Disturb mode saved',
  applianceSaved: (label: string) => `${label} saved`,
  thanksForFeedback: 'Thanks for your feedback',

  noAlerts: 'No alerts to show',
  noMoreAlerts: 'No more alerts to show',
  noRateSet: (rate: string) => `There are no ${rate} set`,
  noStandingCharge: 'You do not have a standing charge set',
  defaultTariffShown: (rate: string) =>
    `You do not have any ${rate} set, the price shown is a default tariff`,
  noAppliancesUsed: 'No appliances used during this period',

  fetchingDashboards: 'Fetching dashboards',
  todaysBalanceIs: "Today's balance is",
  wellDoneProfit: 'Well done! You were in profit',
} as const;
