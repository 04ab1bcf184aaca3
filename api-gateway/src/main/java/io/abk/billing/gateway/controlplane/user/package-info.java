/**
 * The people of a merchant's team (control plane): who they are, their role, and their password's Argon2id hash.
 * The operator API makes the first one, the team's owner.
 */
@NullMarked
package io.abk.billing.gateway.controlplane.user;

import org.jspecify.annotations.NullMarked;
