import type { UserActivityPermission } from '@app/contract';

// A user's resulting access, shown as function and level letters (V view, C create, E edit, D delete).

export interface AccessRow {
  activity: string;
  letters: string;
}

export function accessRows(
  activities: UserActivityPermission['activities'],
  permissions: readonly { id: number; letter: string }[],
): AccessRow[] {
  const letterOf = new Map(permissions.map((p) => [p.id, p.letter]));
  return activities
    .map((a) => ({
      activity: a.activity,
      letters: [...a.permissionIds]
        .sort((x, y) => x - y)
        .map((id) => letterOf.get(id) ?? '')
        .join(''),
    }))
    .filter((r) => r.letters !== '');
}

/** Role editor form values from a role's activities, defaulting every function to None. */
export function editorOptions(
  activities: readonly { id: number }[],
  roleActivities: readonly { activityId: number; option: string }[] = [],
): Record<string, string> {
  const given = new Map(roleActivities.map((a) => [a.activityId, a.option]));
  const out: Record<string, string> = {};
  for (const a of activities) out[String(a.id)] = given.get(a.id) ?? 'None';
  return out;
}
