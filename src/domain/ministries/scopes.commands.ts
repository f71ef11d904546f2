/** A scope grant (§4.6): who coordinates a ministry or leads a team. */
export interface ScopeGrantCommand {
  personId: number;
  scopeType: 'ministry' | 'team';
  scopeId: number;
}
