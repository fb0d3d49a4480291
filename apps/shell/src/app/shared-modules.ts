import * as React from 'react';
import * as ReactJsxRuntime from 'react/jsx-runtime';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
import { Provider, useDispatch, useSelector, useStore } from 'react-redux';
import { configureStore, createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import { skipToken } from '@reduxjs/toolkit/query/react';
import * as DataAccess from '@cosmic/web-data-access';
import * as Ui from '@cosmic/web-ui';

declare const __SHARED_VERSIONS__: Record<string, string>;

/**
 * The npm packages written as ES modules are shared as the named subset remotes import: sharing a
 * whole package (`import * as`) marks every export used, so the shell would keep the package's
 * unused code even on `/` (react-router-dom's server code ~60 KB gzip; Redux Toolkit's entity
 * adapter, listener middleware, combineSlices, react-redux's connect ~8 KB). A remote needing
 * more must be added here; shared-modules.spec.ts fails on any import a remote's code makes that
 * is not in its subset. React and react-dom are CommonJS (kept whole anyway); the workspace
 * libraries are shared whole.
 */
export const SUBSETS = {
  'react-router-dom': {
    Link,
    Navigate,
    NavLink,
    Outlet,
    Route,
    Routes,
    useLocation,
    useNavigate,
    useParams,
    useSearchParams,
  },
  'react-redux': { Provider, useDispatch, useSelector, useStore },
  '@reduxjs/toolkit': { configureStore, createAsyncThunk, createSlice },
  '@reduxjs/toolkit/query/react': { skipToken },
} as const;

const MODULES: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': ReactJsxRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  ...SUBSETS,
  '@cosmic/web-data-access': DataAccess,
  '@cosmic/web-ui': Ui,
};

/**
 * The shell's singletons in the federation runtime's `shared` format. This module is loaded with
 * the federation runtime (the first remote route), so `/` never pays for the libraries' namespaces.
 */
export function sharedModules() {
  return Object.fromEntries(
    Object.entries(MODULES).map(([name, mod]) => [
      name,
      {
        version: __SHARED_VERSIONS__[name],
        lib: () => mod,
        shareConfig: { singleton: true, requiredVersion: false as const },
      },
    ]),
  );
}
