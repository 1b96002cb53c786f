package org.fabrica.experiment;

/** State of an experiment run. */
public enum RunState { RUNNING, PAUSED, FINISHED, FAILED, STOPPED }
