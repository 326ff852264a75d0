import {
  PROPERTY_TYPES,
  type PropertyType,
  propertyTypeLabels,
  type SetupDetail,
} from '@homeview/contract/web';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, call, errorMessage } from '../../../shared/api';
import { Page } from '../../../shared/layout/Page';
import { SiteHeader } from '../../../shared/layout/SiteHeader';
import { getDependantUserId, getUserId } from '../../../shared/storage';
import { Alert } from '../../../shared/ui/Alert';
import { LoadingState } from '../../../shared/ui/LoadingState';
import { Spinner } from '../../../shared/ui/Spinner';
import { POSTCODE_HINT_BAD, PostcodeField, postcodeToSend } from '../components/PostcodeField';
import { CountField, StageSteps, StepCircles } from '../components/Steppers';

type Counts = SetupDetail['age_groups'] & SetupDetail['employment_statuses'] & SetupDetail['travel'];

const LABELS: Record<keyof Counts, string> = {
  under10: 'Under 10',
  range10_17: '10 to 17',
  range18_64: '18 to 64',
  range65_74: '65 to 74',
  over74: 'Over 74',
  full_time: 'Full time',
  part_time: 'Part time',
  unemployed: 'Not working',
  pensioner: 'Retired',
  commuting: 'Commute to work or school',
  stay_at_home: 'Mostly at home',
};
const STEP_FIELDS: Record<1 | 2, (keyof Counts)[][]> = {
  1: [['under10', 'range10_17', 'range18_64', 'range65_74', 'over74']],
  2: [
    ['full_time', 'part_time', 'unemployed', 'pensioner'],
    ['commuting', 'stay_at_home'],
  ],
};
const STEP_TITLES = [
  '',
  'How many people of each age live there?',
  'What do they do, and how do they travel?',
  'How many of each appliance are there?',
  'What kind of home is it, and where?',
];

/** /initial-setup and /setup (?type=main) (spec §2.5, §4): the main home, then the parents' home. */
export function SetupPage() {
  const [params] = useSearchParams();
  const mainOnly = params.get('type') === 'main';
  const ownId = getUserId();
  const dependantId = getDependantUserId();
  const both = ownId !== null && dependantId !== null && !mainOnly;
  const [stage, setStage] = useState<1 | 2>(ownId !== null ? 1 : 2);
  const [complete, setComplete] = useState(false);
  const userId = stage === 1 ? ownId : dependantId;

  return (
    <>
      <SiteHeader>
        <Link to="/" className="header-link">
          Dashboards
        </Link>
      </SiteHeader>
      <Page width="narrow" className="setup">
        <h1 className="account__title">Setup</h1>
        {both ? <StageSteps stage={stage} /> : null}
        {complete || userId === null ? (
          <div className="setup__box stack">
            <Alert tone="info">Setup Complete</Alert>
            <p>
              <Link to="/" className="button button--primary">
                Go to my dashboards
              </Link>
            </p>
          </div>
        ) : (
          <Wizard
            key={`${stage}-${userId}`}
            userId={userId}
            stage={stage}
            onDone={() => {
              if (stage === 1 && both) setStage(2);
              else setComplete(true);
            }}
          />
        )}
      </Page>
    </>
  );
}

function Wizard(props: { userId: number; stage: 1 | 2; onDone: () => void }) {
  const detail = useQuery({
    queryKey: ['account', 'setupGet', props.userId],
    queryFn: ({ signal }) => call('setupGet', { fields: { user_id: props.userId }, signal }),
  });
  if (detail.isPending) return <LoadingState title="Loading your answers" />;
  if (detail.isError) return <Alert tone="danger">{errorMessage(detail.error)}</Alert>;
  return <Steps {...props} saved={detail.data} />;
}

function Steps({
  userId,
  stage,
  saved,
  onDone,
}: {
  userId: number;
  stage: 1 | 2;
  saved: SetupDetail;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState(0);
  const [counts, setCounts] = useState<Counts>({
    ...saved.age_groups,
    ...saved.employment_statuses,
    ...saved.travel,
  });
  const [appliances, setAppliances] = useState(saved.appliances);
  const [property, setProperty] = useState<PropertyType | null>(saved.property_type);
  const [postcode, setPostcode] = useState(saved.postcode ?? '');
  const [postcodeError, setPostcodeError] = useState<string | null>(null);
  const [state, setState] = useState<{ saving: boolean; error: string | null }>({
    saving: false,
    error: null,
  });

  const finish = async () => {
    if (property === null) return setState({ saving: false, error: 'Choose the kind of home.' });
    const outward = postcodeToSend(postcode);
    setPostcodeError(outward === undefined ? POSTCODE_HINT_BAD : null);
    if (outward === undefined) return;
    setState({ saving: true, error: null });
    try {
      await call('setupPost', {
        fields: { user_id: userId, ...counts, property_type: property, postcode: outward },
      });
      for (const [id, appliance] of Object.entries(appliances)) {
        if (saved.appliances[id]?.number === appliance.number) continue;
        await call('applianceSettingsPost', {
          fields: { user_id: userId, appliance_type_id: Number(id), number_of_appliances: appliance.number },
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['account'] });
      setStep(0);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.field === 'postcode') {
        setPostcodeError(error.serverMessage ?? POSTCODE_HINT_BAD);
        return setState({ saving: false, error: null });
      }
      setState({ saving: false, error: errorMessage(error) });
    }
  };

  if (step === 0) {
    return (
      <div className="setup__box stack">
        <p className="setup__lead">2 Minutes to Complete</p>
        <p>
          A few questions about {stage === 1 ? 'your home' : "your parent's home"} let us compare it with
          similar homes.
        </p>
        <p>
          <button type="button" className="button button--primary" onClick={() => setStep(1)}>
            {stage === 1 ? 'Start My Home Setup' : "Start Parent's Home Setup"}
          </button>
        </p>
      </div>
    );
  }

  return (
    <form
      className="setup__box stack"
      onSubmit={(e) => {
        e.preventDefault();
        if (step < 4) setStep(step + 1);
        else void finish();
      }}
    >
      <StepCircles step={step} />
      <h2 className="setup__question">{STEP_TITLES[step]}</h2>
      {step === 1 || step === 2
        ? STEP_FIELDS[step].map((group) => (
            <div key={group.join()} className="count-grid">
              {group.map((field) => (
                <CountField
                  key={field}
                  label={LABELS[field]}
                  value={counts[field]}
                  onChange={(value) => setCounts((c) => ({ ...c, [field]: value }))}
                />
              ))}
            </div>
          ))
        : null}
      {step === 3 ? (
        <div className="count-grid">
          {Object.entries(appliances).map(([id, appliance]) => (
            <CountField
              key={id}
              label={appliance.name}
              value={appliance.number}
              onChange={(number) => setAppliances((a) => ({ ...a, [id]: { ...appliance, number } }))}
            />
          ))}
        </div>
      ) : null}
      {step === 4 ? (
        <>
          <fieldset className="choice-group">
            <legend className="visually-hidden">Property type</legend>
            {PROPERTY_TYPES.map((type) => (
              <label key={type} className="choice">
                <input
                  type="radio"
                  name="property_type"
                  checked={property === type}
                  onChange={() => setProperty(type)}
                />
                {propertyTypeLabels[type]}
              </label>
            ))}
          </fieldset>
          <PostcodeField
            value={postcode}
            onChange={(value) => {
              setPostcode(value);
              setPostcodeError(null);
            }}
            error={postcodeError}
          />
        </>
      ) : null}
      {state.error ? <Alert tone="danger">{state.error}</Alert> : null}
      <div className="setup__actions">
        <button type="button" className="button button--secondary" onClick={() => setStep(step - 1)}>
          Go Back
        </button>
        <button type="submit" className="button button--primary" disabled={state.saving}>
          {step < 4 ? (
            'Next Question'
          ) : state.saving ? (
            <>
              <Spinner size="sm" /> Saving…
            </>
          ) : (
            'Finish Setup'
          )}
        </button>
      </div>
    </form>
  );
}
