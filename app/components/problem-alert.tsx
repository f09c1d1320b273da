const ALERT_TEXT = "text-sm font-semibold text-red-700";

/** A refusal or failure, announced at once (role="alert"); nothing while there is none. */
export function ProblemAlert({ message, className }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={className ? `${className} ${ALERT_TEXT}` : ALERT_TEXT}>
      {message}
    </p>
  );
}
