import { MAX_PACK_OVERRIDE_REASON } from "~/domain/pos/pos.schema";

/**
 * Inside the Complete Sale form when a line breaks its product's pack rule (a minimum, a multiple): the
 * rules broken, and the box and reason counter staff give to sell anyway (the reason goes to the audit log).
 */
export function PackOverrideFields({ issues }: { issues: string[] }) {
  if (issues.length === 0) return null;
  return (
    <fieldset className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm" data-testid="pos-pack-override">
      <legend className="px-1 font-medium text-amber-900">Pack rules</legend>
      <ul className="list-disc space-y-1 pl-5 text-amber-900">
        {issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
      <label className="flex items-center gap-2 text-slate-900">
        <input type="checkbox" name="overridePackRules" value="on" className="h-4 w-4" />
        Sell outside the pack rules
      </label>
      <label className="block text-slate-900" htmlFor="pos-pack-override-reason">
        Reason (logged)
      </label>
      <input
        id="pos-pack-override-reason"
        name="packOverrideReason"
        maxLength={MAX_PACK_OVERRIDE_REASON}
        className="w-full rounded-md border border-slate-300 px-2 py-1"
        placeholder="e.g. customer's broken case replaced"
      />
    </fieldset>
  );
}
