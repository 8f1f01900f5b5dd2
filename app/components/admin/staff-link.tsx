import { Link, useRouteLoaderData, type LinkProps } from "@remix-run/react";
import { staffMayOpen, type StaffRole } from "~/domain/users/staff-roles";

/** The signed-in staff member's role, from the back-office layout (null outside it). */
export function useStaffRole(): StaffRole | null {
  const data = useRouteLoaderData<{ staffRole: StaffRole }>("routes/admin");
  return data?.staffRole ?? null;
}

/**
 * A link to another back-office screen that only links when the signed-in staff role may open it
 * (docs/decisions/0065-staff-roles.md); otherwise its text stands alone, so nobody is offered a screen that
 * would send them back with "Your role cannot use this screen."
 */
export function StaffLink({ to, children, ...props }: LinkProps & { to: string }) {
  const role = useStaffRole();
  if (!staffMayOpen(role, to)) return <span data-testid={(props as { "data-testid"?: string })["data-testid"]}>{children}</span>;
  return (
    <Link to={to} {...props}>
      {children}
    </Link>
  );
}
