import { z } from 'zod';
import * as codes from '../codes';

// The zod schemas of the coded values of ../codes.ts. Each schema carries the name of its type, as every
// entity of the contract does; the type is the one codes.ts declares.

export const AlertNotificationCode = z.literal([0, 1, 2, 3]);
export type AlertNotificationCode = codes.AlertNotificationCode;
export const AllIsWellCode = z.literal([0, 1, 2, 3, 4, 5, 6, 7]);
export type AllIsWellCode = codes.AllIsWellCode;
export const EmailReportCode = z.literal([0, 1, 2, 3]);
export type EmailReportCode = codes.EmailReportCode;
export const PropertyType = z.enum(codes.PROPERTY_TYPES);
export type PropertyType = codes.PropertyType;
export const AlertType = z.enum(codes.ALERT_TYPES);
export type AlertType = codes.AlertType;
export const ModeStatus = z.enum(codes.MODE_STATUSES);
export type ModeStatus = codes.ModeStatus;
export const RateDays = z.enum(codes.RATE_DAYS);
export type RateDays = codes.RateDays;
export const RateKind = z.enum(codes.RATE_KINDS);
export type RateKind = codes.RateKind;
export const TimeUnit = z.enum(codes.TIME_UNITS);
export type TimeUnit = codes.TimeUnit;
export const PasswordResponseCode = z.literal([0, 1, 2, 3]);
export type PasswordResponseCode = codes.PasswordResponseCode;
