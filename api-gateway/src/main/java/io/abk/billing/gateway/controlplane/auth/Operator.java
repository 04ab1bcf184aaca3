package io.abk.billing.gateway.controlplane.auth;

import io.abk.billing.gateway.controlplane.audit.AuditEntry;

/**
 * The authenticated operator of an {@code /admin/v1} request (admin token). Operator routes declare a parameter
 * of this type, so they cannot run unless the admin filter let the request through, whatever the path looked
 * like to the filter.
 */
public record Operator(String actor) {

    /** The exchange attribute under which the admin filter stores the operator. */
    public static final String ATTRIBUTE = Operator.class.getName();

    /** The one operator there is: the holder of the admin token; audit entries name it {@code admin}. */
    public static final Operator ADMIN = new Operator(AuditEntry.ADMIN);
}
