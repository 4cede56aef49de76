import { useState } from 'react';
import { Card, Empty, Input, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { tipEntry } from '@app/contract';
import { useTranslation } from 'react-i18next';
import { fetchData } from '../../api/client';
import { API } from '../../api/endpoints';

type Tip = z.infer<typeof tipEntry>;

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace';
const MATCH_COLORS: Record<Tip['match'], string> = { exact: 'green', permutation: 'blue', partial: 'purple', keyword: 'gold' };
const LIMIT = 100;

/** /number-meaning: the number dictionary, numbers by keyword and keywords by number. */
export default function NumberMeaningPage() {
  const { t, i18n } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const result = useQuery({
    queryKey: ['dictionary', keyword],
    queryFn: () => fetchData<{ items: Tip[]; total: number; source: string }>(API.Configuration.GetTipSourceByKeyword, { query: { keyword, limit: LIMIT } }),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
  const chineseFirst = i18n.language === 'cn';

  const columns: TableColumnsType<Tip> = [
    {
      title: t('dictionary.number'),
      dataIndex: 'number',
      key: 'number',
      width: 110,
      render: (v: string) => (
        <span style={{ fontFamily: MONO, fontSize: 18, fontWeight: 600, letterSpacing: 2 }} data-testid={`dict-number-${v}`}>
          {v}
        </span>
      ),
    },
    ...(chineseFirst
      ? [
          { title: t('dictionary.chinese'), dataIndex: 'zh', key: 'zh' },
          { title: t('dictionary.english'), dataIndex: 'en', key: 'en' },
        ]
      : [
          { title: t('dictionary.english'), dataIndex: 'en', key: 'en' },
          { title: t('dictionary.chinese'), dataIndex: 'zh', key: 'zh' },
        ]),
    { title: t('dictionary.category'), dataIndex: 'category', key: 'category', render: (v: string) => <Tag>{t(`dictionary.categories.${v}`, { defaultValue: v })}</Tag> },
    {
      title: t('dictionary.match'),
      dataIndex: 'match',
      key: 'match',
      render: (v: Tip['match']) => <Tag color={MATCH_COLORS[v]}>{t(`dictionary.matches.${v}`)}</Tag>,
    },
  ];

  const data = result.data;
  return (
    <div data-testid="dictionary-page">
      <Typography.Title level={3}>{t('dictionary.routes.numberMeaning')}</Typography.Title>
      <Card>
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Input.Search
            allowClear
            enterButton={t('common.search')}
            size="large"
            maxLength={50}
            placeholder={t('dictionary.placeholder')}
            onSearch={(v) => setKeyword(v.trim())}
            style={{ maxWidth: 560 }}
            data-testid="dict-search"
          />
          <Typography.Text type="secondary">{t('dictionary.hint')}</Typography.Text>
          {keyword === '' ? (
            <Empty description={t('dictionary.start')} />
          ) : (
            <>
              <Table<Tip>
                rowKey={(r) => `${r.number}-${r.en}`}
                size="middle"
                columns={columns}
                dataSource={data?.items ?? []}
                loading={result.isFetching}
                pagination={{ pageSize: 20, showTotal: (total) => t('common.total', { total }) }}
                locale={{ emptyText: t('dictionary.none', { keyword }) }}
                data-testid="dict-table"
              />
              {data && (
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 1, expandable: true }} style={{ marginBottom: 0 }} data-testid="dict-source">
                  {data.total > data.items.length ? `${t('dictionary.more', { shown: data.items.length, total: data.total })} ` : ''}
                  {t('dictionary.source', { source: data.source })}
                </Typography.Paragraph>
              )}
            </>
          )}
        </Space>
      </Card>
    </div>
  );
}
