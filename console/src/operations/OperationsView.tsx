// Operations: the kill switch, the policy version in force against the files on disk, its rules,
// and a dry run of the policy (POST /v1/policy/evaluate).

import { KillSwitchPanel } from './KillSwitchPanel.tsx';
import { PolicyState } from './PolicyState.tsx';
import { DryRunForm } from './DryRunForm.tsx';
import { RuleList } from './RuleList.tsx';
import { useSession } from '../session.tsx';

export function OperationsView() {
  const { can } = useSession();
  return (
    <>
      <h1>Operations</h1>
      <KillSwitchPanel />
      <PolicyState />
      {can('policy_evaluate') ? <><RuleList /><DryRunForm /></> : <p className="muted">The rule list and policy dry runs need the Team tier or higher.</p>}
    </>
  );
}
