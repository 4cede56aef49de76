import { useQuery } from '@tanstack/react-query';
import type { DrawPaymentInit, DrawPaymentLine, DrawPaymentRow } from '@app/contract';
import { apiCall, fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

// Calls of /draw-payment: what is owed for a date, recording a payment, the payments of the date.

export type { DrawPaymentInit, DrawPaymentLine, DrawPaymentRow };

export const drawPaymentKeys = {
  date: (drawDate: string) => ['drawPayment', drawDate] as const,
  history: (drawDate: string) => ['drawPayment', drawDate, 'history'] as const,
};

export const useDrawPayment = (drawDate: string) =>
  useQuery({ queryKey: drawPaymentKeys.date(drawDate), queryFn: () => fetchData<DrawPaymentInit>(API.Payment.InitDrawPayment, { query: { drawDate } }), staleTime: 0 });

export const useDrawPaymentHistory = (drawDate: string) =>
  useQuery({ queryKey: drawPaymentKeys.history(drawDate), queryFn: () => fetchData<DrawPaymentRow[]>(API.Payment.GetDrawPaymentHistory, { query: { drawDate } }), staleTime: 0 });

export const saveDrawPayment = (body: {
  drawDate: string;
  downlineId: number;
  amount: number;
  direction: 'fromDownline' | 'toDownline';
  remark?: string;
  reference?: string;
  reversesId?: number;
  idempotencyKey: string;
}) => apiCall<{ paymentId: number; remaining: number }>(API.Payment.SaveDrawPayment, { json: body, handleErrors: true });

export const updateDrawPaymentDetail = (body: { paymentId: number; remark: string | null; reference: string | null }) =>
  apiCall<{ paymentId: number }>(API.Result.UpdateDrawPaymentDetail, { json: body, handleErrors: true });
