import IdentityServerCore

extension ConsoleTemplate {
    /// The role and scope fields of the forms that make an admin token or an operator (the view's
    /// `reach`, a ``RoleAndScopeFields``).
    package static let roleAndScopeSource = """
        <label for="{{reach.prefix}}-role">Role <span class="hint">Owner: everything. Tenant admin: everything in its tenant. Auditor: reads, changes nothing. Support: identities, credentials and enrollment links.</span>
        <select id="{{reach.prefix}}-role" name="role"{{#errors.role}} aria-invalid="true" aria-describedby="{{reach.prefix}}-role-error"{{/errors.role}}>
        {{#reach.roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{title}}</option>
        {{/reach.roles}}
        </select>
        {{#errors.role}}<span class="field-error" id="{{reach.prefix}}-role-error">{{errors.role}}</span>{{/errors.role}}
        </label>
        <label for="{{reach.prefix}}-tenant">Scope <span class="hint">An owner's is every tenant.</span>
        <select id="{{reach.prefix}}-tenant" name="tenant_id"{{#errors.tenant_id}} aria-invalid="true" aria-describedby="{{reach.prefix}}-tenant-error"{{/errors.tenant_id}}>
        <option value="">Every tenant</option>
        {{#reach.tenants}}<option value="{{value}}"{{#selected}} selected{{/selected}}>Only {{title}}</option>
        {{/reach.tenants}}
        </select>
        {{#errors.tenant_id}}<span class="field-error" id="{{reach.prefix}}-tenant-error">{{errors.tenant_id}}</span>{{/errors.tenant_id}}
        </label>
        """
}
