import type { Reason } from "./reasons.server.ts";

/** A reason from the list, required: the operator reads the very words the user will. */
export function ReasonSelect({ id, label, reasons }: { id: string; label: string; reasons: Reason[] }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="reason" required defaultValue="">
        <option value="" disabled>
          Choose a reason
        </option>
        {reasons.map((reason) => (
          <option key={reason.key} value={reason.key}>
            {reason.text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An operator's note: kept in the audit log, never shown to the user. */
export function NoteField({ id }: { id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Note, for the audit log only (optional)</label>
      <input id={id} name="note" maxLength={500} autoComplete="off" />
    </div>
  );
}
