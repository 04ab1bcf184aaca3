package io.abk.billing.schemas.topic;

import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * The namespace of one deployment on a Kafka cluster ({@value #VARIABLE}): every name the deployment gives there, its
 * topics, consumer groups, transactional ids, Kafka Streams application ids and client ids, is
 * {@code <id>.<today's name>}, so two deployments sharing a cluster never read, join or fence each other's. The
 * default deployment (no id) keeps today's names, so an existing deployment's topics, offsets and state stay its own
 * (docs/operations.md, "Deployments sharing one Kafka cluster").
 *
 * <p>The separator is {@code .} because an id may not contain one: the prefix {@code prod.} belongs to deployment
 * {@code prod} alone ({@code prod-eu.} is another), which is what an ACL by prefix needs, whereas {@code -} appears in
 * ids and names alike. And every name of the platform already separates with {@code .} and {@code -}, never {@code _}:
 * Kafka's metric names turn {@code .} into {@code _}, so two topic names that differ only there would collide.
 *
 * @param id empty for the default deployment; else 1 to {@value #MAX_LENGTH} lower-case letters, digits and
 *     {@code -}, starting and ending with a letter or digit
 */
public record Deployment(String id) {

    /** The environment variable every service, the topics step and the tools read the id from. */
    public static final String VARIABLE = "BILLING_DEPLOYMENT_ID";
    /** Today's names, unprefixed: what a deployment without an id has always used. */
    public static final Deployment DEFAULT = new Deployment("");
    /** Short, so that the longest internal topic name it prefixes stays far below Kafka's 249 characters. */
    public static final int MAX_LENGTH = 32;

    static final String SEPARATOR = ".";
    private static final Pattern ID = Pattern.compile("[a-z0-9]([a-z0-9-]*[a-z0-9])?");

    /** @throws IllegalArgumentException naming {@value #VARIABLE} when the id cannot be used */
    public Deployment {
        if (!id.isEmpty() && (id.length() > MAX_LENGTH || !ID.matcher(id).matches())) {
            throw new IllegalArgumentException(VARIABLE + " must be 1 to " + MAX_LENGTH
                    + " lower-case letters, digits and '-', starting and ending with a letter or digit (or empty for"
                    + " today's names), was '" + id + "'");
        }
    }

    /**
     * The deployment a value of {@value #VARIABLE} names: unset or blank is the {@link #DEFAULT} one (docker-compose
     * passes an empty value for a setting {@code .env} leaves out).
     *
     * @throws IllegalArgumentException naming the variable when the id cannot be used
     */
    public static Deployment of(@Nullable String value) {
        return value == null || value.isBlank() ? DEFAULT : new Deployment(value.strip());
    }

    /** Whether this is the default deployment, whose names are today's. */
    public boolean isDefault() {
        return id.isEmpty();
    }

    /**
     * {@code name} as this deployment gives it on the cluster: unchanged in the default deployment, else
     * {@code <id>.<name>}. Every topic, group, transactional id, application id and client id goes through here.
     */
    public String name(String name) {
        return isDefault() ? name : id + SEPARATOR + name;
    }

    /**
     * What every name of this deployment starts with ({@code <id>.}; empty for the default one): the prefix of its
     * ACLs, and of nothing another deployment with an id names.
     */
    public String prefix() {
        return name("");
    }
}
