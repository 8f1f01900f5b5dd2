/**
 * On every back-office page while REPLICA_URL is not set: the data is on this one disk only. Short on
 * purpose (it is on every page); the README's "Continuous replica" section says the rest.
 */
export function NoReplicaNotice() {
  return (
    <div role="status" data-testid="no-replica-notice" className="mb-5 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
      <p>
        <span className="font-semibold">No copy of the data off this disk.</span> If the disk fails, orders since the last
        backup are lost. Set <code>REPLICA_URL</code> in <code>.env</code> to a folder on a second disk, a NAS share or an
        s3:// bucket and restart: see &ldquo;Continuous replica&rdquo; in the README, and{" "}
        <a href="/admin/system" className="font-medium underline">
          System
        </a>
        .
      </p>
    </div>
  );
}
