import { useEffect, useState } from 'react';
import { App, Descriptions, Form, Modal, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ListingRow } from '@app/contract';
import { useAlerts } from '../../ui/useAlerts';
import { changeUpline, fetchDirectDownlines, type Crumb } from './api';
import { levelLabel } from './labels';
import { childNodes, toNode, type TreeNode } from './uplineTree';

interface Props {
  /** The account to move; null closes the modal. */
  account: ListingRow | null;
  /** Its current upline (the listing's parent). */
  currentUplineId?: number;
  /** The caller's own account, the root of the tree. */
  root: Crumb | undefined;
  onClose: () => void;
  onMoved: () => void;
}

/** Moves an account under another upline of the caller's subtree, after the confirmation of SPEC 8. */
export function ChangeUplineModal({ account, currentUplineId, root, onClose, onMoved }: Props) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const { message } = App.useApp();
  const [nodes, setNodes] = useState<TreeNode[]>([]);
  const [target, setTarget] = useState<number | undefined>();
  const [saving, setSaving] = useState(false);
  const moved = account ? { userId: account.userId, level: account.level, uplineId: currentUplineId } : null;

  useEffect(() => {
    setTarget(undefined);
    if (!account || !root || !moved) {
      setNodes([]);
      return;
    }
    setNodes([toNode({ ...root, fullName: '' }, 0, moved)]);
    // Only the account and the root change the tree; `moved` is derived from them.
  }, [account, root]);

  const loadData = async (node: { value?: unknown }) => {
    if (!moved) return;
    const id = Number(node.value);
    const downlines = await fetchDirectDownlines(id).catch(() => []);
    const known = new Set(nodes.map((n) => n.id));
    setNodes((current) => [...current, ...childNodes(id, downlines, moved).filter((n) => !known.has(n.id))]);
  };

  const submit = () => {
    if (!account || target === undefined) return;
    alerts.confirm(t('messages.CONFIRM_CHANGE_UPLINE'), () => {
      void (async () => {
        setSaving(true);
        const r = await changeUpline(account.userId, target);
        setSaving(false);
        if (r.success) {
          void message.success(t('messages.SAVED'));
          onMoved();
          onClose();
        }
      })();
    });
  };

  return (
    <Modal
      open={account !== null}
      title={t('accounts.changeUpline')}
      onCancel={onClose}
      onOk={submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: target === undefined, 'data-testid': 'change-upline-save' }}
      cancelButtonProps={{ 'data-testid': 'change-upline-cancel' }}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
      width={560}
    >
      {account && (
        <div data-testid="change-upline">
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('accounts.username')}>{account.username}</Descriptions.Item>
            <Descriptions.Item label={t('accounts.level')}>{levelLabel(t, account)}</Descriptions.Item>
          </Descriptions>
          <Form layout="vertical">
            <Form.Item label={t('accounts.newUpline')} required extra={t('accounts.newUplineHint')}>
              <TreeSelect<number>
                data-testid="change-upline-tree"
                treeDataSimpleMode
                treeData={nodes}
                loadData={loadData}
                value={target}
                onChange={(v) => setTarget(v)}
                placeholder={t('accounts.selectUpline')}
                treeDefaultExpandAll={false}
                style={{ width: '100%' }}
                showSearch={{ treeNodeFilterProp: 'title' }}
              />
            </Form.Item>
          </Form>
        </div>
      )}
    </Modal>
  );
}
