import { Tab, Tabs } from '@blueprintjs/core';
import { use, useId, useMemo, type ReactNode } from 'react';
import type { Block } from '../../schema/reportDefinition.ts';
import { dataTabs } from '../export/allTabs.ts';
import { BlockError } from './BlockError.tsx';
import { Blocks } from './Blocks.tsx';
import type { BlockViewProps } from './blockViewProps.ts';
import { DataScopeContext, TabTitlesContext, useReport } from './ReportContext.tsx';
import { useBlockAnswer } from './useBlockAnswer.ts';
import { usePrefetchSources } from './usePrefetchSources.ts';
import { readSelectedTab, writeSelectedTab } from '../../core/report/urlState.ts';

type TabsBlockDefinition = Extract<Block, { kind: 'tabs' }>;

interface TabPanel {
  title: string;
  content: ReactNode;
}

/** Blueprint tabs over panels; only the shown panel is rendered, the choice is kept in the URL. */
function TabStrip({ panels, path }: { panels: TabPanel[]; path: readonly number[] }) {
  const { searchParams, updateSearchParams } = useReport();
  const id = useId();
  const selected = readSelectedTab(searchParams, path, panels.length);
  const outerTitles = use(TabTitlesContext);
  const titleKey = panels.map((panel) => panel.title).join('\u0000');
  // Each panel's blocks know the tabs they sit in (their print and Excel name them); stable arrays per title.
  const titles = useMemo(() => panels.map((panel) => [...outerTitles, panel.title]), [outerTitles, titleKey]);
  return (
    <Tabs
      id={id}
      className="report-tabs"
      selectedTabId={selected}
      renderActiveTabPanelOnly
      onChange={(tab) => updateSearchParams((params) => writeSelectedTab(params, path, Number(tab)), { replace: true })}
    >
      {panels.map((panel, index) => (
        <Tab
          key={index}
          id={index}
          title={panel.title}
          panel={<TabTitlesContext value={titles[index]!}>{panel.content}</TabTitlesContext>}
        />
      ))}
    </Tabs>
  );
}

function FixedTabs({ tabs, path }: { tabs: NonNullable<TabsBlockDefinition['tabs']>; path: readonly number[] }) {
  const pathKey = path.join('-');
  // Each fixed tab's blocks sit at [...path, tabIndex, blockIndex].
  const groups = useMemo(() => tabs.map((tab, index) => ({ blocks: tab.blocks, path: [...path, index] })), [tabs, pathKey]);
  usePrefetchSources(groups);
  return <TabStrip path={path} panels={tabs.map((tab, index) => ({ title: tab.title, content: <Blocks blocks={tab.blocks} path={[...path, index]} /> }))} />;
}

function DataTabs({ fromData, path }: { fromData: NonNullable<TabsBlockDefinition['fromData']>; path: readonly number[] }) {
  const { answer, isPending, error, retry } = useBlockAnswer(fromData.source);
  const tabs = useMemo(() => dataTabs(answer, fromData), [answer, fromData]);
  if (error && answer === undefined) return <BlockError error={error} onRetry={retry} />;
  if (isPending) return null;
  return (
    <TabStrip
      path={path}
      panels={tabs.map(({ title, element }, index) => ({
        title,
        content: (
          <DataScopeContext value={{ element, tabs, fromData }}>
            <Blocks blocks={fromData.blocks} path={[...path, index]} />
          </DataScopeContext>
        ),
      }))}
    />
  );
}

/** Fixed tabs, or one tab per element found in the data. */
export function TabsBlock({ block, path }: BlockViewProps<'tabs'>) {
  return (
    <>
      {block.tabs ? <FixedTabs tabs={block.tabs} path={path} /> : null}
      {block.fromData ? <DataTabs fromData={block.fromData} path={path} /> : null}
    </>
  );
}
