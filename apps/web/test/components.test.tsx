import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Form } from 'antd';
import { NumericInput } from '../src/ui/NumericInput';
import { ErrorBoundary } from '../src/ui/ErrorBoundary';
import { AlertHost } from '../src/ui/AlertHost';
import { AppStateProvider, useAppActions } from '../src/state/AppStateContext';
import type { AlertSpec } from '../src/state/appReducer';

afterEach(() => cleanup());

describe('NumericInput', () => {
  it('strips non-numeric input and clamps to the maximum', () => {
    const seen: (number | undefined)[] = [];
    function Harness() {
      const [v, setV] = useState<number | undefined>();
      return (
        <NumericInput
          data-testid="n"
          max={1000}
          value={v}
          onChange={(n) => {
            seen.push(n);
            setV(n);
          }}
        />
      );
    }
    render(<Harness />);
    const input = screen.getByTestId('n') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '12a3' } });
    expect(input.value).toBe('123');
    fireEvent.change(input, { target: { value: '99999' } });
    expect(input.value).toBe('1000');
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    expect(seen).toEqual([123, 1000, undefined]);
  });

  it('works as a Form field with the default 0..99999999 clamp', async () => {
    let form: ReturnType<typeof Form.useForm>[0] | undefined;
    function Harness() {
      const [f] = Form.useForm();
      form = f;
      return (
        <Form form={f}>
          <Form.Item name="amount">
            <NumericInput data-testid="amount" />
          </Form.Item>
        </Form>
      );
    }
    render(<Harness />);
    fireEvent.change(screen.getByTestId('amount'), { target: { value: '1234567890' } });
    expect(form!.getFieldValue('amount')).toBe(99999999);
    form!.setFieldsValue({ amount: 42 });
    await screen.findByDisplayValue('42');
  });
});

describe('ErrorBoundary', () => {
  it('shows the help screen with the browser identifying string', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    function Boom(): never {
      throw new Error('boom');
    }
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    const screenEl = screen.getByTestId('error-boundary');
    expect(screenEl.textContent).toContain('Something went wrong, please contact admin for help');
    expect(screen.getByTestId('error-user-agent').textContent).toContain(navigator.userAgent);
    spy.mockRestore();
  });
});

describe('AlertHost', () => {
  function Show({ alert }: { alert: AlertSpec }) {
    const { showAlert } = useAppActions();
    return <button onClick={() => showAlert(alert)}>show</button>;
  }

  it('truncates the title to 34 and the message to 400 characters', async () => {
    render(
      <AppStateProvider>
        <Show alert={{ type: 'error', title: 'T'.repeat(50), message: 'm'.repeat(450) }} />
        <AlertHost />
      </AppStateProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect((await screen.findByTestId('alert-message')).textContent).toHaveLength(400);
    expect(screen.getByTestId('alert-title').textContent).toHaveLength(34);
  });

  it('a confirm runs onOk or onCancel and allows 500 characters', async () => {
    const onOk = vi.fn();
    const onCancel = vi.fn();
    render(
      <AppStateProvider>
        <Show alert={{ type: 'confirm', message: 'c'.repeat(600), onOk, onCancel }} />
        <AlertHost />
      </AppStateProvider>,
    );
    fireEvent.click(screen.getByText('show'));
    expect((await screen.findByTestId('alert-message')).textContent).toHaveLength(500);
    fireEvent.click(screen.getByTestId('alert-cancel'));
    expect(onCancel).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByText('show'));
    fireEvent.click(await screen.findByTestId('alert-ok'));
    expect(onOk).toHaveBeenCalledTimes(1);
  });
});
