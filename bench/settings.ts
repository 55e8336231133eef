/**
 * The knobs every part of the bench shares. BENCH_POSTS and BENCH_DURATION
 * shrink a run for a quick look; the report states the figures it used.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeededCampusId } from '@common/campuses';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const CAMPUS: SeededCampusId = 'ut';
export const TOP_LEVEL_POSTS = Number(process.env.BENCH_POSTS ?? 100_000);
export const THREAD_COMMENTS = 200;
export const CONNECTIONS = 50;
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP_S = 2;
/**
 * The search bench (ADR 009): posts on one campus, and the 20 connections its
 * budget is measured at.
 */
export const SEARCH_POSTS = Number(process.env.BENCH_SEARCH_POSTS ?? 1_000_000);
export const SEARCH_CONNECTIONS = 20;
