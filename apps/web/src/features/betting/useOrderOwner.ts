import { useState } from 'react';
import { useAuth } from '../../state/AuthContext';
import { useBettingAgents, useOwner } from './api';

/**
 * Whom the order is for: oneself, or (an upline ordering for a downline) an account picked from
 * GetBettingAgents. The picker shows when that list holds more than oneself; a platform admin, who may not
 * bet for itself, must pick.
 */
export function useOrderOwner() {
  const { userData } = useAuth();
  const selfId = userData?.userId;
  const agents = useBettingAgents();
  const list = agents.data ?? [];
  const selfListed = list.some((a) => a.userId === selfId);
  const [picked, setPicked] = useState<number | undefined>(undefined);
  const ownerId = picked ?? (selfListed ? selfId : undefined);
  const owner = useOwner(ownerId);
  return {
    agents: list,
    agentsLoading: agents.isLoading,
    showPicker: list.length > 1 || (!agents.isLoading && !selfListed),
    ownerId,
    setOwnerId: setPicked,
    /** Sent only when the order is for another account. */
    targetUserId: ownerId !== undefined && ownerId !== selfId ? ownerId : undefined,
    owner,
  };
}

export type OrderOwner = ReturnType<typeof useOrderOwner>;
