import { DAYS_DEFAULT, endpoints, TRENDS_WEEKS_DEFAULT } from '@homeview/contract';
import { dayLateToday, isDayLate, routineToday } from '@homeview/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertCanActOn } from '../../authz/authz';
import { epochSeconds } from '../../clock';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/auth';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { parse } from '../../http/validate';
import { isCarerOf } from '../../shared/carer-links';
import { requireHouseOf } from '../../shared/house';
import { activityDetail } from './activities';
import { activitySingle } from './activity-single';
import {
  alertOfHouse,
  alertPage,
  recordAssessment,
  recordFeedback,
  openCount,
  recordViewing,
  unviewedByLevel,
} from './alerts-repository';
import { loadSituation } from './engine';
import { presentAlerts } from './present';
import { resolveAlert, takeAlert, takeOverAlert } from './take';
import { trendsOf } from './trends';
import { daysOf } from './days';

// §7 InfoCare calls: alerts (a page at a time, newest first, with today's routine on the first page),
// the carer's writes on an alert (viewing, assessment, feedback), daily and weekly activities and one
// activity's day. Every call names the dependant; only their own account or a linked carer gets through.

export const ALERTS_PAGE = 20;

/** How far behind the server's clock a first page's `timestamp` (the asker's now) may be. */
const FIRST_PAGE_SLACK_S = 300;

export function infocareRoutes(app: FastifyInstance, ctx: AppContext): void {
  const houseFor = (userId: number) => requireHouseOf(ctx.db, userId);
  const now = () => epochSeconds(ctx.clock.now());

  app.get(endpoints.alerts.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.alerts.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const house = await houseFor(q.dependant_user_id);
    const at = now();
    const rows = await alertPage(ctx.db, house.id, Math.min(q.timestamp ?? at + 1, at + 1), ALERTS_PAGE);
    const alerts = await presentAlerts(ctx.db, rows, auth.user.id);
    // The page that reaches now carries the screen's routine and counters. Screens ask it with now
    // (spec §7), from a clock that may be a little behind ours; older pages are asked with an alert's time.
    // The zone travels with every answer that carries times: screens show them on the dependant's clock.
    if (q.timestamp !== undefined && q.timestamp < at - FIRST_PAGE_SLACK_S)
      return { alerts, time_zone: house.time_zone };
    const [situation, unviewed, open] = await Promise.all([
      loadSituation(ctx.db, house, at),
      unviewedByLevel(ctx.db, house.id, at),
      openCount(ctx.db, house.id, at),
    ]);
    return {
      alerts,
      routine: isDayLate(situation)
        ? dayLateToday()
        : routineToday(situation.routine, [...situation.occurrences], at, house.time_zone),
      unviewed,
      open,
      time_zone: house.time_zone,
    };
  });

  app.post(endpoints.alertFeedback.path, async (request) => {
    const auth = requireUser(request);
    const body = parse(endpoints.alertFeedback.request, request.body);
    await assertCanActOn(ctx.db, auth, body.dependant_user_id, request.log);
    const house = await houseFor(body.dependant_user_id);
    const alert = await alertOfHouse(ctx.db, house.id, body.id);
    if (!alert) throw notFound('No such alert.');
    const at = now();
    if (body.take || body.resolve || body.take_over) {
      // Taking and resolving are the carers' alone (issue 25), not the dependant's own account's.
      if (!(await isCarerOf(ctx.db, auth.user.id, body.dependant_user_id)))
        throw forbidden("Only the dependant's carers can take or resolve an alert.");
      if (body.take) await takeAlert(ctx.db, house, alert.id, auth.user.id, at);
      else if (body.take_over) await takeOverAlert(ctx.db, house, alert.id, auth.user.id, at);
      else await resolveAlert(ctx.db, house, alert.id, auth.user.id, body.note ?? null, at);
    } else if (body.viewed) await recordViewing(ctx.db, alert.id, auth.user.id, at);
    else if (body.correct !== undefined) {
      const when = body.assessment_timestamp ?? at;
      if (when > at + 300)
        throw badRequest('assessment_timestamp must not be in the future', 'assessment_timestamp');
      await recordAssessment(ctx.db, alert.id, auth.user.id, body.correct, when);
    } else if (body.feedback !== undefined) await recordFeedback(ctx.db, alert.id, body.feedback, at);
    const [presented] = await presentAlerts(
      ctx.db,
      [{ ...alert, feedback: body.feedback ?? alert.feedback }],
      auth.user.id,
    );
    return { ...presented, time_zone: house.time_zone };
  });

  const activities = (mode: 'daily' | 'weekly') => async (request: FastifyRequest) => {
    const auth = requireUser(request);
    const q = parse(endpoints.dailyActivities.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const house = await houseFor(q.dependant_user_id);
    return activityDetail(ctx.db, house, mode, q.timestamp, now());
  };
  for (const path of [endpoints.dailyActivities.path, ...endpoints.dailyActivities.aliases])
    app.get(path, activities('daily'));
  app.get(endpoints.weeklyActivities.path, activities('weekly'));

  app.get(endpoints.activity.path, async (request) => {
    const auth = requireUser(request);
    const { id } = parse(endpoints.activity.params, request.params);
    const q = parse(endpoints.activity.request, request.query);
    if (q.activity_id !== undefined && q.activity_id !== id)
      throw badRequest('activity_id must match the path', 'activity_id');
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const house = await houseFor(q.dependant_user_id);
    return activitySingle(ctx.db, house, id, q.start_timestamp, q.end_timestamp, auth.user.id);
  });

  // Additive (issue 25): the dependant's weeks, oldest first, and the newest week's changes in words.
  app.get(endpoints.trends.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.trends.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const house = await houseFor(q.dependant_user_id);
    return trendsOf(ctx.db, house, q.weeks ?? TRENDS_WEEKS_DEFAULT, now());
  });

  // Additive (issue 36): the dependant's recent days from the meter's half-hours, newest first.
  app.get(endpoints.days.path, async (request) => {
    const auth = requireUser(request);
    const q = parse(endpoints.days.request, request.query);
    await assertCanActOn(ctx.db, auth, q.dependant_user_id, request.log);
    const house = await houseFor(q.dependant_user_id);
    return daysOf(ctx.db, house, q.days ?? DAYS_DEFAULT, now());
  });
}
