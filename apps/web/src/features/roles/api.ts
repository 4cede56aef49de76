import { useQuery } from '@tanstack/react-query';
import type { Role, RoleDetail, UserActivityPermission, UserSummary } from '@app/contract';
import type { AccessOption } from '@app/domain';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

export interface NamedId {
  id: number;
  name: string;
}
export interface Permission extends NamedId {
  letter: string;
}
export interface ActivityPermissionSetting {
  option: AccessOption;
  permissionIds: number[];
}
export interface RoleInput {
  id?: number;
  name: string;
  description: string;
  activities: { activityId: number; option: AccessOption }[];
}

export const rolesKey = ['roles'] as const;

export const useRoles = () => useQuery({ queryKey: rolesKey, queryFn: () => fetchData<Role[]>(API.Setting.GetRoles) });

export const useActivities = () =>
  useQuery({
    queryKey: ['activities'],
    queryFn: () => fetchData<NamedId[]>(API.Setting.GetActivities),
    staleTime: Infinity,
  });

export const usePermissions = () =>
  useQuery({
    queryKey: ['permissions'],
    queryFn: () => fetchData<Permission[]>(API.Setting.GetPermissions),
    staleTime: Infinity,
  });

export const useActivityPermissionSetting = () =>
  useQuery({
    queryKey: ['activityPermissionSetting'],
    queryFn: () => fetchData<ActivityPermissionSetting[]>(API.Setting.GetActivityPermissionSetting),
    staleTime: Infinity,
  });

export const useUserRoles = () =>
  useQuery({
    queryKey: ['roleAccessData'],
    queryFn: () => fetchData<NamedId[]>(API.Account.GetRoleAccessData),
    staleTime: Infinity,
  });

export const useRoleDetail = (roleId: number | undefined) =>
  useQuery({
    queryKey: ['roleDetail', roleId],
    queryFn: () => fetchData<RoleDetail>(API.Setting.GetRoleActivityPermission, { query: { roleId } }),
    enabled: roleId !== undefined,
    staleTime: 0,
  });

export const saveRole = (body: RoleInput) => apiCall<RoleDetail>(API.Setting.CreateOrUpdateRole, { json: body });

export const assignRoles = (userId: number, roleIds: number[]) =>
  apiCall<unknown>(API.Setting.AssignRoles, { json: { userId, roleIds } });

export const findUserByUsername = (username: string) =>
  apiCall<UserSummary>(API.Account.GetUserDetailByUsername, { query: { username } });

export const getUserActivityPermission = (userId: number) =>
  apiCall<UserActivityPermission>(API.Account.GetUserActivityPermission, { query: { userId } });
