import { Spinner } from './Spinner';

/** A request in progress (spec §4 Requests), announced politely by screen readers. */
export function LoadingState({ title }: { title: string }) {
  return (
    <div className="loading" role="status">
      <Spinner />
      <p className="loading__title">{title}</p>
    </div>
  );
}
