import type { Downline } from './api';

// The change-upline picker: a lazily loaded tree of the caller's subtree, showing only accounts that can
// hold the moved account (a level above it, not itself or its own downline).

export interface MovedAccount {
  userId: number;
  level: number | null;
  uplineId?: number | null;
}

export interface TreeNode {
  id: number;
  pId: number | 0;
  value: number;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
}

const levelOf = (level: number | null) => level ?? 0;

/** Whether an account may appear in the tree: above the moved account's level, and not the account itself. */
export function canHold(candidate: { userId: number; level: number | null }, moved: MovedAccount): boolean {
  if (moved.level === null) return false;
  return candidate.userId !== moved.userId && levelOf(candidate.level) < moved.level;
}

/** A tree node for an account; its children are worth loading only if they could still be above the moved one. */
export function toNode(a: { userId: number; username: string; fullName?: string; level: number | null }, parentId: number, moved: MovedAccount): TreeNode {
  return {
    id: a.userId,
    pId: parentId,
    value: a.userId,
    title: a.fullName ? `${a.username} (${a.fullName})` : a.username,
    isLeaf: levelOf(a.level) + 1 >= (moved.level ?? 0),
    // Its current upline is shown (the path to the others) but choosing it would change nothing.
    disabled: a.userId === moved.uplineId,
  };
}

/** The children of a node the tree shows, from GetDirectDownlines. */
export function childNodes(parentId: number, downlines: readonly Downline[], moved: MovedAccount): TreeNode[] {
  return downlines.filter((d) => canHold(d, moved)).map((d) => toNode(d, parentId, moved));
}
