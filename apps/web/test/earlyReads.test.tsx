import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { apiCall, configureApi, startEarlyRead } from '../src/api/client';
import { API } from '../src/api/endpoints';
import { lazyFile } from '../src/app/lazyFile';
import { startEarlyLoad } from '../src/app/earlyReads';

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown) => new Response(JSON.stringify({ success: true, message: '', data, code: 200 }), { status: 200 });

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  configureApi(null);
});

describe('reads started by the page load (issue 28 line 10)', () => {
  it("the screen's first call of the same address takes the early answer; the next one asks again", async () => {
    fetchMock.mockResolvedValueOnce(answer({ n: 1 })).mockResolvedValueOnce(answer({ n: 2 }));
    startEarlyRead(API.Account.GetFightLimitRelatedData, { userId: 7 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/Account/GetFightLimitRelatedData?userId=7');
    const busy = vi.fn();
    configureApi({ busyStarted: busy });
    const first = await apiCall<{ n: number }>(API.Account.GetFightLimitRelatedData, { query: { userId: 7 } });
    expect(first.data).toEqual({ n: 1 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(busy).toHaveBeenCalledTimes(1);
    const second = await apiCall<{ n: number }>(API.Account.GetFightLimitRelatedData, { query: { userId: 7 } });
    expect(second.data).toEqual({ n: 2 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('another address, or a write, never takes it; only GETs start early', async () => {
    fetchMock.mockImplementation(async () => answer({}));
    startEarlyRead(API.Account.GetFightLimitRelatedData, { userId: 7 });
    startEarlyRead(API.Account.UpdateUserEatLimit);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await apiCall(API.Account.GetFightLimitRelatedData, { query: { userId: 8 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("the popup's page load asks for its two reads at once, beside the session check, not after it", async () => {
    fetchMock.mockImplementation(async () => answer({}));
    startEarlyLoad({ pathname: '/manage-fight-limit', search: '?userId=12&userName=co1&popup=1' } as Location);
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/Account/GetFightLimitRelatedData?userId=12', '/api/Pools/GetPoolsSelection']);
    // The screen's calls take them (and leave nothing for the tests after).
    await apiCall(API.Account.GetFightLimitRelatedData, { query: { userId: 12 } });
    await apiCall(API.Pools.GetPoolsSelection);
    fetchMock.mockClear();
    startEarlyLoad({ pathname: '/dashboard', search: '' } as Location);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an unused early answer is dropped after seconds: a later screen asks the server', async () => {
    vi.useFakeTimers();
    try {
      fetchMock.mockImplementation(async () => answer({}));
      startEarlyRead(API.Pools.GetPoolsSelection);
      vi.advanceTimersByTime(10_001);
      await apiCall(API.Pools.GetPoolsSelection);
      expect(fetchMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('lazyFile', () => {
  it('a file already loaded renders at once, without the fallback', async () => {
    const Screen = lazyFile(async () => ({ default: () => <p>screen</p> }));
    await Screen.preload();
    render(
      <Suspense fallback={<p>fallback</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('screen')).toBeTruthy();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('a file not yet loaded shows the fallback, then the screen; it is fetched once', async () => {
    const load = vi.fn(async () => ({ default: () => <p>screen</p> }));
    const Screen = lazyFile(load);
    await act(async () => {
      render(
        <Suspense fallback={<p>fallback</p>}>
          <Screen />
        </Suspense>,
      );
    });
    expect(await screen.findByText('screen')).toBeTruthy();
    await Screen.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
